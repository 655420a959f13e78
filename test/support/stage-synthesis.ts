import { loadStageIam } from '../../lib/local/iam/stage-cache';

/**
 * Vitest's global set-up: synthesizes the local stage once per run (lib/local/iam/stage-cache.ts),
 * before any test file starts a local cloud, so the clouds only read it.
 */
export default function setup(): void {
  loadStageIam();
}
