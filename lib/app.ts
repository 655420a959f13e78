import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EscrowStack, stackNameOf } from './escrow-stage';
import { loadStageConfig } from './stage-config';

/**
 * The CDK app as `cdk synth|deploy -c stage=<name>` runs it: the selected stage's stack plus cdk-nag's
 * AwsSolutions checks, which fail the synth on any unacknowledged error. The infra tests build
 * the app through this function too, so they check what gets deployed.
 */
export function createEscrowApp(props?: AppProps): { app: App; stack: EscrowStack } {
  const app = new App(props);
  const stage = loadStageConfig(app);
  const stack = new EscrowStack(app, stackNameOf(stage), { stage });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
