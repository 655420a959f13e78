import { Duration } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  CustomThreatProtectionMode,
  FeaturePlan,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  type UserPoolTriggers,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { functionEnvironment } from '../lambdas/core/adapters/env';
import { triggerEntries, triggerEntry, type UserPoolTriggerName } from '../lambdas/triggers';
import type { EscrowData } from './data';
import { EscrowFunction } from './function';
import { acknowledge } from './nag';
import type { EscrowSecrets } from './secrets';
import type { StageConfig } from './stage-config';
import { userPoolSettings } from './user-pool-settings';

export interface EscrowAuthProps {
  /** Stage settings: sender address, removal policy, deletion protection. */
  readonly stage: StageConfig;
  /** The table the triggers read devices and profiles from. */
  readonly data: EscrowData;
  /** Public URL of the web app, for links in emails (APP_URL). */
  readonly appUrl: string;
  /** The secrets functions may be granted (route/trigger `permissions.secrets`). */
  readonly secrets: EscrowSecrets;
}

/**
 * The Cognito user pool: email sign-in, passwords of at least 6 characters (spec), and custom
 * auth only: SRP inside CUSTOM_AUTH, then the security question and the email OTP on new devices.
 */
export class EscrowAuth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** Trigger functions by Cognito trigger name. */
  readonly triggers: Partial<Record<UserPoolTriggerName, EscrowFunction>>;

  constructor(scope: Construct, id: string, props: EscrowAuthProps) {
    super(scope, id);
    const { stage, data } = props;

    this.triggers = Object.fromEntries(
      triggerEntries().map(([name, trigger]) => {
        const { permissions } = trigger;
        const fn = new EscrowFunction(this, `${name[0]?.toUpperCase()}${name.slice(1)}Trigger`, {
          entry: triggerEntry(trigger),
          stage,
          purpose: `trigger:${name}`,
          data,
          tableAccess: permissions.table ?? 'none',
          tableKeys: permissions.tableKeys,
          // Cognito abandons a trigger after 5 s; failing earlier gives a clean error instead.
          timeout: Duration.seconds(5),
          // No user pool: the pool depends on its triggers (see FunctionSettings.userPool).
          environment: functionEnvironment({
            stage: stage.name,
            tableName: data.table.tableName,
            mailFrom: stage.mailFrom,
            appUrl: props.appUrl,
          }),
        });
        fn.grantListed(permissions, { secrets: props.secrets, mailFrom: stage.mailFrom });
        return [name, fn];
      }),
    );

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      // Set once at sign-up through the product; immutable, so nobody changes them behind its records.
      standardAttributes: { email: { required: true, mutable: false }, fullname: { required: false, mutable: false } },
      passwordPolicy: {
        minLength: userPoolSettings.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // Cognito's own ForgotPassword would skip the security answer; the reset goes through the service.
      accountRecovery: AccountRecovery.NONE,
      email: UserPoolEmail.withSES({
        fromEmail: stage.mailFrom,
        sesRegion: stage.env.region,
        sesVerifiedDomain: stage.mailFrom.split('@')[1],
      }),
      lambdaTriggers: this.triggers as UserPoolTriggers,
      // Plus (prod): threat protection for password and custom-auth sign-ins, in audit mode first.
      featurePlan: stage.threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(stage.threatProtection
        ? {
            standardThreatProtectionMode: StandardThreatProtectionMode.AUDIT_ONLY,
            customThreatProtectionMode: CustomThreatProtectionMode.AUDIT_ONLY,
          }
        : {}),
      deletionProtection: stage.deletionProtection,
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(this.userPool, {
      COG1: 'The product spec sets the password rule: at least 6 characters, no class requirements (spec: "Password at least 6 characters"). New devices additionally need the security answer and an email OTP.',
      COG2: 'Cognito MFA (SMS/TOTP) cannot express the product second factor; the custom-auth flow asks for the security answer and an emailed one-time code on every untrusted device.',
      ...(stage.threatProtection
        ? {}
        : {
            COG8: `Stage "${stage.name}" runs on Essentials: Plus threat protection is billed per active user; the custom-auth triggers cap attempts and throttle per user (ARCHITECTURE.md §4). Prod runs on Plus.`,
          }),
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // CUSTOM_AUTH only (Amplify CUSTOM_WITH_SRP runs SRP inside it); plain SRP or password
      // flows would skip the device check. CDK adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { custom: true },
      generateSecret: false,
      // No hosted UI: without this CDK enables the implicit and code grants with a placeholder callback.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      // Only what sign-up sets; a user cannot rewrite attributes in Cognito behind the product's records.
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true, fullname: true }),
      enableTokenRevocation: true,
      authSessionValidity: Duration.minutes(userPoolSettings.authSessionValidityMinutes),
      accessTokenValidity: Duration.minutes(userPoolSettings.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(userPoolSettings.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(userPoolSettings.refreshTokenValidityDays),
    });
  }
}
