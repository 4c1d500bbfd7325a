import { createFileRoute, Outlet } from '@tanstack/react-router';
import { StaffArea } from '../../components/StaffArea/StaffArea.tsx';

/** /admin and every staff page under it (issue 33): the staff area's shell around the page. */
export const Route = createFileRoute('/_auth/admin')({
  component: () => (
    <StaffArea>
      <Outlet />
    </StaffArea>
  ),
});
