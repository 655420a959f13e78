#!/usr/bin/env node
// `cdk synth|deploy -c stage=<name>` (default dev); see lib/stage-config.ts for the stages and their settings.
import { createEscrowApp } from '../lib/app';
import { StageSettingsError } from '../lib/stage-config';

try {
  createEscrowApp();
} catch (error) {
  // A stage that is not ready to deploy says so in one line, not a stack trace.
  if (!(error instanceof StageSettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
