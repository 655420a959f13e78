// @vitest-environment happy-dom

import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppHeader } from '../../../web/src/components/layout/app-header';
import { renderWithProviders, signedIn } from './providers';

type HappyWindow = Window & { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };

function setViewportWidth(width: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 844 });
}

function renderHeader(signOut = vi.fn(async () => {})) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AppHeader />
    </MemoryRouter>,
    { auth: signedIn, signOut },
  );
  return signOut;
}

afterEach(() => {
  cleanup();
  setViewportWidth(1024);
});

describe('signed-in header', () => {
  it('shows every link and Logout in one row on a wide screen', () => {
    setViewportWidth(1024);
    renderHeader();
    for (const name of ['Dashboard', 'My Contracts', 'Create Contract', 'My Account']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it.each([390, 1024])("shows the product's logo leading to the dashboard at %i px", (width) => {
    setViewportWidth(width);
    renderHeader();
    const logo = screen.getByRole('link', { name: 'MiddleMan' });
    expect(logo.getAttribute('href')).toBe('/dashboard');
    expect(logo.querySelector('img')?.getAttribute('src')).toBe('/favicon.svg');
  });

  it('at 390 px puts the links behind a menu button that reveals My Account and Logout', async () => {
    setViewportWidth(390);
    const signOut = renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'My Account' })).toBeNull();

    await act(async () => {
      fireEvent.click(menu);
    });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my-account');
    for (const name of ['Dashboard', 'My Contracts', 'Create Contract']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    });
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('closes the menu on Escape and when a link is followed', async () => {
    setViewportWidth(390);
    renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    await act(async () => {
      fireEvent.click(menu);
    });
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    await act(async () => {
      fireEvent.click(menu);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'My Contracts' }));
    });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'My Contracts' })).toBeNull();
  });
});
