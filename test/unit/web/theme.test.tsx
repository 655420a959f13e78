// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialTheme, ThemeProvider, useTheme } from '../../../web/src/lib/theme';

function stubSystemPreference(prefersDark: boolean) {
  let matches = prefersDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        get matches() {
          return matches;
        },
        media,
        addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    change(next: boolean) {
      matches = next;
      act(() => {
        for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
      });
    },
  };
}

function Probe() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      {theme}
    </button>
  );
}

function renderTheme() {
  render(
    <ThemeProvider>
      <Probe />
    </ThemeProvider>,
  );
  return screen.getByRole('button');
}

const htmlIsDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('theme', () => {
  it('is light when nothing is saved and the system has no dark preference', () => {
    expect(initialTheme(null, false)).toBe('light');
  });

  it('follows a dark system preference when nothing is saved', () => {
    stubSystemPreference(true);
    expect(renderTheme().textContent).toBe('dark');
    expect(htmlIsDark()).toBe(true);
  });

  it('a saved light choice wins over a dark system preference', () => {
    window.localStorage.setItem('theme', 'light');
    stubSystemPreference(true);
    expect(renderTheme().textContent).toBe('light');
    expect(htmlIsDark()).toBe(false);
  });

  it('a saved dark choice wins over a light system preference', () => {
    window.localStorage.setItem('theme', 'dark');
    stubSystemPreference(false);
    expect(renderTheme().textContent).toBe('dark');
    expect(htmlIsDark()).toBe(true);
  });

  it('ignores a saved value that is not light or dark', () => {
    window.localStorage.setItem('theme', 'purple');
    stubSystemPreference(true);
    expect(renderTheme().textContent).toBe('dark');
  });

  it('follows system changes until the toggle saves a choice, then keeps that choice', () => {
    const system = stubSystemPreference(false);
    const button = renderTheme();

    system.change(true);
    expect(button.textContent).toBe('dark');

    fireEvent.click(button);
    expect(button.textContent).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(htmlIsDark()).toBe(false);

    system.change(false);
    system.change(true);
    expect(button.textContent).toBe('light');
    expect(htmlIsDark()).toBe(false);
  });
});
