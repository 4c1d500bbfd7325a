import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test-utils/render.tsx';
import { QueryState, type QueryStateProps } from './QueryState.tsx';

type Answer = { answer: 'data' } | { answer: 'error' } | { answer: 'pending' };

/** A query that resolves with a name, fails with a message, or never answers. */
function Harness({ answer, ...props }: Answer & Omit<QueryStateProps<string>, 'query' | 'children'>) {
  const query = useQuery({
    queryKey: ['harness', answer],
    queryFn: () =>
      answer === 'data'
        ? Promise.resolve('Château Margaux')
        : answer === 'error'
          ? Promise.reject(new Error('The server is away'))
          : new Promise<string>(() => {}),
  });
  return (
    <QueryState query={query} {...props}>
      {(data) => <p data-testid="data">{data}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the loader, named, while the query is pending', async () => {
    await render(<Harness answer="pending" label="Loading lots" />);
    expect(screen.getByLabelText('Loading lots')).toBeTruthy();
    expect(screen.queryByTestId('data')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a skeleton instead of the loader when given one', async () => {
    await render(<Harness answer="pending" label="Loading lots" loader={<p>Skeleton</p>} />);
    expect(screen.getByText('Skeleton')).toBeTruthy();
    expect(screen.queryByLabelText('Loading lots')).toBeNull();
  });

  it('tells the failure with its message, in a line, a box or the page’s retry', async () => {
    const line = await render(<Harness answer="error" errorTestId="lots-error" />);
    expect((await screen.findByRole('alert')).textContent).toBe('The server is away');
    expect(screen.getByTestId('lots-error')).toBeTruthy();
    expect(screen.queryByTestId('data')).toBeNull();
    line.unmount();
    const box = await render(<Harness answer="error" error="alert" />);
    expect((await screen.findByRole('alert')).textContent).toBe('The server is away');
    box.unmount();
    await render(<Harness answer="error" error="page" />);
    const page = await screen.findByTestId('load-error');
    expect(page.textContent).toContain('The server is away');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('renders its children with the data once answered', async () => {
    await render(<Harness answer="data" label="Loading lots" />);
    expect((await screen.findByTestId('data')).textContent).toBe('Château Margaux');
    expect(screen.queryByLabelText('Loading lots')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a failed refetch keeps the data shown with keepData, else tells the failure', async () => {
    for (const keepData of [true, false]) {
      let calls = 0;
      function Refetched() {
        const query = useQuery({
          queryKey: ['refetched', keepData],
          queryFn: () => (++calls === 1 ? Promise.resolve('first') : Promise.reject(new Error('Gone'))),
        });
        return (
          <QueryState query={query} keepData={keepData}>
            {(data) => <p data-testid="data">{data}</p>}
          </QueryState>
        );
      }
      const { queryClient, unmount } = await render(<Refetched />);
      expect((await screen.findByTestId('data')).textContent).toBe('first');
      await act(() => queryClient.refetchQueries({ queryKey: ['refetched', keepData] }));
      if (keepData) {
        expect(screen.getByTestId('data').textContent).toBe('first');
        expect(screen.queryByRole('alert')).toBeNull();
      } else {
        expect((await screen.findByRole('alert')).textContent).toBe('Gone');
        expect(screen.queryByTestId('data')).toBeNull();
      }
      unmount();
    }
  });
});
