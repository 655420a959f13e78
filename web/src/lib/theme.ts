import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

export type Theme = 'light' | 'dark';

export const themeStorageKey = 'theme';
const darkSchemeQuery = '(prefers-color-scheme: dark)';

/** The saved choice wins; without one the system preference decides; light by default. */
export function initialTheme(saved: Theme | null, systemPrefersDark: boolean): Theme {
  return saved ?? (systemPrefersDark ? 'dark' : 'light');
}

function readSavedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(themeStorageKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

// The saved choice as an external store, so that this tab's own choice and another tab's both re-render.
const savedListeners = new Set<() => void>();
/** The choice made while storage is unavailable: it lasts for this page. */
let unsavedChoice: Theme | null = null;

function saveTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Storage may be unavailable (private mode).
    unsavedChoice = theme;
  }
  for (const listener of savedListeners) listener();
}

function subscribeSaved(listener: () => void): () => void {
  savedListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    savedListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const savedSnapshot = () => readSavedTheme() ?? unsavedChoice;

function subscribeSystem(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(darkSchemeQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const systemSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(darkSchemeQuery).matches;

// A pre-rendered page was rendered light, with nothing saved: hydration starts from that, then re-renders.
const noSavedTheme = () => null;
const lightSystem = () => false;

export interface ThemeContextValue {
  theme: Theme;
  toggleTheme: () => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const saved = useSyncExternalStore(subscribeSaved, savedSnapshot, noSavedTheme);
  const systemDark = useSyncExternalStore(subscribeSystem, systemSnapshot, lightSystem);
  const theme = initialTheme(saved, systemDark);

  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  const toggleTheme = useCallback(() => saveTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);

  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return createElement(ThemeContext.Provider, { value }, children);
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
