import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EscrowStack, stackNameOf } from './escrow-stage';
import { EscrowMailStack, mailStackNameOf } from './mail';
import { loadStageConfig } from './stage-config';

/**
 * The CDK app as `cdk synth|deploy -c stage=<name>` runs it: the selected stage's mail stack (its
 * SES sender domain, deployed first) and its stack, plus cdk-nag's
 * AwsSolutions checks, which fail the synth on any unacknowledged error. The infra tests build
 * the app through this function too, so they check what gets deployed.
 */
export function createEscrowApp(props?: AppProps): { app: App; stack: EscrowStack; mail: EscrowMailStack } {
  const app = new App(props);
  const stage = loadStageConfig(app);
  const mail = new EscrowMailStack(app, mailStackNameOf(stage), { stage });
  const stack = new EscrowStack(app, stackNameOf(stage), { stage });
  // The user pool's sender must be a verified identity when Cognito creates the pool.
  stack.addStackDependency(mail, 'the sender domain is an SES identity before the user pool uses it');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, mail };
}
