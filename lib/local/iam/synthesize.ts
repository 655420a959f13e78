/**
 * Synthesizes the stage the local cloud runs, exactly as `cdk synth` builds a deployed one but
 * named `local` and without bundling the functions (the local cloud runs their sources), and
 * writes what stage-iam.ts reads from it as JSON: `tsx lib/local/iam/synthesize.ts <out file>`.
 * Run in a child process by stage-cache.ts, so aws-cdk-lib never loads into the local cloud.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { appShellFile } from '../../../web/src/config/paths';
import { EscrowStack, stackNameOf } from '../../escrow-stage';
import { loadStageConfig } from '../../stage-config';
import { localStage } from '../stage';
import { flattenedTemplate } from './cloudformation';
import { localNames } from './names';
import { stageIam } from './stage-iam';

const cdkJson = new URL('../../../cdk.json', import.meta.url);

export function synthesizeLocalStage() {
  // The stage refuses to synthesize without a web build; the local cloud serves web/dist itself.
  const webDist = mkdtempSync(join(tmpdir(), 'escrow-local-synth-'));
  try {
    writeFileSync(join(webDist, appShellFile), '');
    const app = new App({
      context: {
        ...(JSON.parse(readFileSync(cdkJson, 'utf8')).context as Record<string, unknown>),
        // dev's settings (the stage the local cloud is closest to) and the local stand-ins' sender and keys.
        stage: 'dev',
        mailDomain: localStage.mailFrom.split('@')[1],
        captchaSiteKey: localStage.captchaSiteKey,
        flutterwavePublicKey: 'FLWPUBK_TEST-local',
        webDist,
        // Only the local cloud may skip bundling (the CLI refuses user context keys starting with aws:).
        'aws:cdk:bundling-stacks': [],
      },
    });
    const stage = { ...loadStageConfig(app), name: localStage.stage };
    const stack = new EscrowStack(app, stackNameOf(stage), { stage });
    return stageIam(flattenedTemplate(stack), localNames);
  } finally {
    rmSync(webDist, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx lib/local/iam/synthesize.ts <out file>');
  writeFileSync(out, JSON.stringify(synthesizeLocalStage()));
}
