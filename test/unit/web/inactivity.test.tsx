// @vitest-environment happy-dom
import type { ContractView } from '@escrow/api/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InactivityMonitor } from '../../../web/src/features/inactivity/inactivity-monitor';
import { generateTransferAccount, getCheckoutContract, getPaymentStatus } from '../../../web/src/features/payments/api';
import { ApiError } from '../../../web/src/lib/api';
import { useKeepAwake } from '../../../web/src/lib/keep-awake';
import { CustomCheckoutPage } from '../../../web/src/pages/payment/custom-checkout-page';
import { PaymentSuccessPage } from '../../../web/src/pages/payment/payment-success-page';
import { aContractView } from '../../support/contract-view';
import { Arrived, renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/payments/api', () => ({
  getCheckoutContract: vi.fn(),
  generateTransferAccount: vi.fn(),
  initiateOpayPayment: vi.fn(),
  startCardPayment: vi.fn(),
  getPaymentStatus: vi.fn(),
}));

const minute = 60_000;

function renderSignedInPage() {
  const signOut = vi.fn(async () => {});
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <>
              <p>Dashboard</p>
              <InactivityMonitor />
            </>
          }
        />
        <Route path="/login" element={<Arrived at="login" />} />
      </Routes>
    </MemoryRouter>,
    { auth: signedIn, signOut },
  );
  return { signOut };
}

const dialog = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('inactivity', () => {
  it('warns after 4 minutes without activity, and Stay Logged In hides the dialog and restarts the clock', async () => {
    const { signOut } = renderSignedInPage();
    await wait(4 * minute - 1);
    expect(dialog()).toBeNull();
    await wait(1);
    expect(dialog()).toBeTruthy();
    expect(screen.getByText('You will be logged out due to inactivity in one minute.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    expect(dialog()).toBeNull();

    // The old 5-minute deadline passes without a logout...
    await wait(2 * minute);
    expect(signOut).not.toHaveBeenCalled();
    // ...and the warning comes 4 minutes after the click.
    await wait(2 * minute);
    expect(dialog()).toBeTruthy();
  });

  it('postpones the warning while the person is active', async () => {
    renderSignedInPage();
    await wait(3 * minute);
    fireEvent.keyDown(window, { key: 'a' });
    await wait(3 * minute);
    expect(dialog()).toBeNull();
    fireEvent.mouseMove(window);
    fireEvent.scroll(window);
    await wait(3 * minute);
    expect(dialog()).toBeNull();
    await wait(1 * minute);
    expect(dialog()).toBeTruthy();
  });

  it('logs out and goes to /login after 5 minutes', async () => {
    const { signOut } = renderSignedInPage();
    await wait(5 * minute);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it('logs out at once from the dialog', async () => {
    const { signOut } = renderSignedInPage();
    await wait(4 * minute);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });
});

const contractId = '01JCONTRACT000000000000000';

const contract: ContractView = aContractView({
  id: contractId,
  creator_id: 'creator-1',
  status: 'active',
  payer_user_ids: ['u1'],
  accepted_by: ['u1'],
});

/** The signed-in area as the router has it: the page, and the monitor beside it for every page. */
function renderSignedInArea(entry: string, pages: ReactNode) {
  const signOut = vi.fn(async () => {});
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          element={
            <>
              <Outlet />
              <InactivityMonitor />
            </>
          }
        >
          {pages}
        </Route>
        <Route path="/login" element={<Arrived at="login" />} />
      </Routes>
    </MemoryRouter>,
    { auth: signedIn, signOut },
  );
  return { signOut };
}

/** A page waiting on the person's behalf until told to stop or left. */
function Waiting() {
  const [waiting, setWaiting] = useState(true);
  useKeepAwake(waiting);
  return (
    <>
      <button type="button" onClick={() => setWaiting(false)}>
        Stop waiting
      </button>
      <Link to="/elsewhere">Leave</Link>
    </>
  );
}

describe('inactivity while a page waits on the person', () => {
  beforeEach(() => {
    vi.mocked(getCheckoutContract).mockReset().mockResolvedValue(contract);
    vi.mocked(generateTransferAccount).mockReset().mockResolvedValue({
      txRef: 'MM-BANK-1',
      amount_minor: 1_000_075,
      currency: 'NGN',
      title: 'Logo design',
      account_number: '0123456789',
      bank_name: 'Wema Bank',
      expires_at: '2025-10-01T11:00:00.000Z',
    });
    vi.mocked(getPaymentStatus).mockReset().mockResolvedValue({ status: 'pending', contractId });
  });

  it('keeps a buyer signed in while the checkout watches a bank transfer, and signs out 5 minutes after it lands', async () => {
    const { signOut } = renderSignedInArea(
      `/custom-checkout/${contractId}`,
      <>
        <Route path="/custom-checkout/:contractId" element={<CustomCheckoutPage />} />
        <Route path="/payment-success/:contractId" element={<PaymentSuccessPage />} />
      </>,
    );
    await wait(0);
    expect(screen.getByText('0123456789')).toBeTruthy();

    // Six minutes with no input: the checkout is still asking, nobody is warned or signed out.
    await wait(6 * minute);
    expect(getPaymentStatus).toHaveBeenCalledTimes(72);
    expect(dialog()).toBeNull();
    expect(signOut).not.toHaveBeenCalled();

    // The transfer lands: the success page waits for nothing, so the clock runs from here.
    vi.mocked(getPaymentStatus).mockResolvedValue({ status: 'successful', contractId, amount_minor: 1_000_075 });
    await wait(5_000);
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    await wait(4 * minute - 1);
    expect(dialog()).toBeNull();
    await wait(1);
    expect(dialog()).toBeTruthy();
    await wait(1 * minute);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it('stops holding the session when the check is refused for good', async () => {
    const { signOut } = renderSignedInArea(
      `/custom-checkout/${contractId}`,
      <Route path="/custom-checkout/:contractId" element={<CustomCheckoutPage />} />,
    );
    await wait(0);
    vi.mocked(getPaymentStatus).mockRejectedValue(
      new ApiError(403, 'Only the buyer of this contract can pay into its escrow.', true),
    );
    await wait(5_000);
    expect(screen.getByRole('alert').textContent).toBe('Only the buyer of this contract can pay into its escrow.');
    await wait(5 * minute);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('runs the clock afresh once the waiting stops', async () => {
    const { signOut } = renderSignedInArea('/wait', <Route path="/wait" element={<Waiting />} />);
    await wait(10 * minute);
    expect(dialog()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    await wait(5 * minute - 1);
    expect(signOut).not.toHaveBeenCalled();
    await wait(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('runs the clock afresh once the waiting page is left', async () => {
    const { signOut } = renderSignedInArea(
      '/wait',
      <>
        <Route path="/wait" element={<Waiting />} />
        <Route path="/elsewhere" element={<p>Elsewhere</p>} />
      </>,
    );
    await wait(10 * minute);
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(screen.getByText('Elsewhere')).toBeTruthy();
    await wait(5 * minute);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
