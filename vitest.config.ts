import { defineConfig } from 'vitest/config';

export default defineConfig({
  // @escrow/api/* and @escrow/domain/* for the web code under test (tsconfig.json paths).
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/unit/web/setup.ts'],
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // IAM enforced by the local cloud from the stage CDK synthesizes: synthesized once per run,
          // and a test fails on any request it refused that the test did not provoke.
          globalSetup: ['test/support/stage-synthesis.ts'],
          setupFiles: ['test/support/iam.ts'],
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
      {
        extends: true,
        test: {
          // The attacker's probes, made permanent (issue 11): against the local cloud, like integration.
          name: 'security',
          // IAM enforced by the local cloud from the stage CDK synthesizes: synthesized once per run,
          // and a test fails on any request it refused that the test did not provoke.
          globalSetup: ['test/support/stage-synthesis.ts'],
          setupFiles: ['test/support/iam.ts'],
          include: ['test/security/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // IAM enforced by the local cloud from the stage CDK synthesizes: synthesized once per run,
          // and a test fails on any request it refused that the test did not provoke.
          globalSetup: ['test/support/stage-synthesis.ts'],
          setupFiles: ['test/support/iam.ts'],
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
    ],
  },
});
