const loads = new Map<string, Promise<void>>();

/**
 * Adds `<script src>` once and resolves when it has loaded: callers while it loads share the load,
 * and once `ready()` holds (the script's global exists) nothing is added again. A load that failed
 * may be retried: its tag is removed and it is forgotten.
 */
export function loadScriptOnce(src: string, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  const pending = loads.get(src);
  if (pending) return pending;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  const load = new Promise<void>((resolve, reject) => {
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loads.delete(src);
      reject(new Error(`Could not load ${src}`));
    };
  });
  loads.set(src, load);
  document.head.appendChild(script);
  return load;
}

/** Forgets a load that finished without its global, so a later call may add the script again. */
export function forgetScript(src: string): void {
  loads.delete(src);
}
