// @vitest-environment happy-dom
import { invitationMessages, stopInvitationEmailsPage } from '@escrow/api/invitations';
import { act, cleanup, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../web/src/config/paths';
import { stopInvitationEmails } from '../../../web/src/features/invitations/api';
import { ApiError } from '../../../web/src/lib/api';
import { StopInvitationEmailsPage } from '../../../web/src/pages/invitations/stop-invitation-emails-page';
import { renderWithProviders } from './providers';

vi.mock('../../../web/src/features/invitations/api', () => ({ stopInvitationEmails: vi.fn() }));

const token = `c2VsbGVy.${'a'.repeat(43)}.${'b'.repeat(43)}`;

async function renderStop(search: string) {
  await act(async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={[`/stop-invitation-emails${search}`]}>
        <Routes>
          <Route path={paths.stopInvitationEmails.path} element={<StopInvitationEmailsPage />} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

beforeEach(() => {
  vi.mocked(stopInvitationEmails).mockReset();
});

afterEach(cleanup);

describe('stop invitation emails page', () => {
  it('is the page the invitation email links to', () => {
    expect(paths.stopInvitationEmails.path).toBe(stopInvitationEmailsPage);
    expect(paths.stopInvitationEmails.getHref(token)).toBe(`${stopInvitationEmailsPage}?token=${token}`);
  });

  it('stops the emails in one click: asks once as the page opens, with no button to press and no sign-in', async () => {
    vi.mocked(stopInvitationEmails).mockResolvedValue({ message: invitationMessages.stopped });
    await renderStop(`?token=${token}`);
    expect(stopInvitationEmails).toHaveBeenCalledTimes(1);
    expect(stopInvitationEmails).toHaveBeenCalledWith(token);
    expect(screen.getByRole('status').textContent).toBe(invitationMessages.stopped);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the server's refusal of a link that is not ours", async () => {
    vi.mocked(stopInvitationEmails).mockRejectedValue(new ApiError(400, invitationMessages.badStopLink, true));
    await renderStop('?token=forged');
    expect(screen.getByRole('alert').textContent).toBe(invitationMessages.badStopLink);
  });

  it('asks nothing for a link without its token', async () => {
    await renderStop('');
    expect(stopInvitationEmails).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(invitationMessages.badStopLink);
  });
});
