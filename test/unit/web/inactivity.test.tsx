// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InactivityMonitor } from '../../../web/src/features/inactivity/inactivity-monitor';
import { Arrived, renderWithProviders, signedIn } from './providers';

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
