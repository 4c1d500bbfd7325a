import { actions } from '@wine/contracts';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const search = (colour: string) => ({
  filters: { color: { value: [colour], type: 'array', field: 'p.custitem_gvo_color' } },
});
const mailTo = (to: string) => service.mailer.outbox?.({ to }) ?? Promise.resolve([]);

describe('new-lot mail of saved searches', () => {
  it('mails once each user whose search asks for mail and matches, and nobody else', async () => {
    const ann = await service.signUp('ann@alerts.example');
    const bob = await service.signUp('bob@alerts.example');
    const cat = await service.signUp('cat@alerts.example');
    const save = (token: string, name: string, colour: string, notify: boolean) =>
      service.post(actions.saveSearch.path, { name, search: search(colour), notify }, { token });
    await save(ann.token, 'My reds', 'Red', true);
    await save(ann.token, 'Also reds', 'Red', true);
    await save(bob.token, 'Whites', 'White', true);
    await save(cat.token, 'Quiet reds', 'Red', false);

    const lot = await service.listLot({ colour: 'Red', title: '2016 Sassicaia' });
    const mails = await eventually(
      () => mailTo(ann.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New lot for your search "My reds"');
    expect(mails[0]?.text).toContain('2016 Sassicaia');
    expect(mails[0]?.text).toContain(`/productview/${lot.lotId}`);

    // The next lot reaches the process after this one: by then Bob and Cat would have had theirs.
    await service.listLot({ colour: 'White', title: '2019 Chablis' });
    await eventually(
      () => mailTo(bob.email),
      (m) => m.length > 0,
    );
    expect(await mailTo(ann.email)).toHaveLength(1);
    expect(await mailTo(cat.email)).toHaveLength(0);
  });

  it('mails nobody twice after a restart: what was mailed is written on the user stream', async () => {
    const dan = await service.signUp('dan@alerts.example');
    await service.post(
      actions.saveSearch.path,
      { name: 'Rosés', search: search('Rosé'), notify: true },
      { token: dan.token },
    );
    await service.listLot({ colour: 'Rosé' });
    await eventually(
      () => mailTo(dan.email),
      (m) => m.length === 1,
    );
    // A second process reads the whole log again, as after a restart.
    const { searchAlertProcess } = await import('./alerts.ts');
    const { logFeed } = await import('../core/follow-log.ts');
    const { createLogger } = await import('@wine/platform');
    const logger = createLogger('silent');
    const again = searchAlertProcess(
      {
        streams: service.service.streams,
        clock: service.clock,
        mailer: service.mailer,
        publicUrl: () => 'http://localhost',
        logger,
      },
      logFeed(service.service.streams.store, logger),
    );
    await again.start();
    await again.stop();
    expect(await mailTo(dan.email)).toHaveLength(1);
  });
});
