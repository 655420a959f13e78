import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  CfnConfigurationSet,
  CfnTemplate,
  DkimIdentity,
  EasyDkimSigningKeyLength,
  EmailIdentity,
  Identity,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { emailTemplateName, stepEmailNames, templateContent } from '../lambdas/core/domain/email-templates';
import type { StageConfig } from './stage-config';

export interface EscrowMailStackProps extends Omit<StackProps, 'env'> {
  readonly stage: StageConfig;
}

/**
 * The stage's sender domain as an SES identity with Easy DKIM, in its own stack (`escrow-<stage>-mail`)
 * deployed first: Cognito refuses to create a user pool whose sender is not verified yet, and the
 * domain is verified only once ops have added the three DKIM CNAME records these outputs name.
 * The stack also holds the deal steps' email templates (`escrow-<stage>-<step>`), which the
 * functions send through (lambdas/core/domain/email-templates.ts; locally `npm start` creates them).
 */
export class EscrowMailStack extends Stack {
  readonly identity: EmailIdentity;

  constructor(scope: Construct, id: string, props: EscrowMailStackProps) {
    super(scope, id, { ...props, env: props.stage.env, terminationProtection: props.stage.terminationProtection });
    const { mailDomain } = props.stage;
    this.identity = new EmailIdentity(this, 'SenderDomain', {
      identity: Identity.domain(mailDomain),
      dkimSigning: true,
      dkimIdentity: DkimIdentity.easyDkim(EasyDkimSigningKeyLength.RSA_2048_BIT),
    });
    new CfnOutput(this, 'SenderDomainName', { value: mailDomain });
    // What the functions send through: an address that bounces or complains is not sent to again
    // (the account's suppression list covers the user pool's own emails; docs/deploy.md).
    new CfnConfigurationSet(this, 'Sending', {
      name: mailConfigurationSetNameOf(props.stage),
      suppressionOptions: { suppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      reputationOptions: { reputationMetricsEnabled: true },
      sendingOptions: { sendingEnabled: true },
    });
    for (const step of stepEmailNames) {
      const { Subject, Text, Html } = templateContent(step);
      new CfnTemplate(this, `Template-${step}`, {
        template: {
          templateName: emailTemplateName(props.stage.name, step),
          subjectPart: Subject,
          textPart: Text,
          htmlPart: Html,
        },
      });
    }
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `DkimRecord${i + 1}`, {
        description: `Add this CNAME record to the DNS of ${mailDomain}; SES verifies the domain once all three resolve.`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }
}

/** The SES configuration set the stage's functions send through. */
export function mailConfigurationSetNameOf(stage: Pick<StageConfig, 'name'>): string {
  return `escrow-${stage.name}`;
}

/** The mail stack's name for a stage. */
export function mailStackNameOf(stage: Pick<StageConfig, 'name'>): string {
  return `escrow-${stage.name}-mail`;
}
