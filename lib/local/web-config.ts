import type { WebConfig } from '../../lambdas/core/api/web-config';

/**
 * The local stage's support channels: `support@` its own mail domain, and an all-zeros placeholder
 * WhatsApp number (shaped like the demo users' Nigerian phones) so the button can be tried locally.
 */
export function localSupport(mailFrom: string): WebConfig['support'] {
  return { email: `support@${mailFrom.slice(mailFrom.indexOf('@') + 1)}`, whatsapp: '2348000000000' };
}

/** What `/config.json` of the local cloud says: its fixed ids and the URLs this start bound. */
export function localWebConfig(
  stage: {
    stage: string;
    region: string;
    userPoolId: string;
    userPoolClientId: string;
    captchaSiteKey: string;
    mailFrom: string;
  },
  urls: {
    appUrl: string;
    apiUrl: string;
    cognitoEndpoint: string;
    mailboxUrl: string;
    checkoutScriptUrl: string;
    eventsEndpoint: string;
    filesEndpoint: string;
  },
  paymentsPublicKey: string,
): WebConfig {
  return {
    stage: stage.stage,
    region: stage.region,
    apiUrl: urls.apiUrl,
    cognito: { userPoolId: stage.userPoolId, userPoolClientId: stage.userPoolClientId, endpoint: urls.cognitoEndpoint },
    captchaSiteKey: stage.captchaSiteKey,
    captchaScriptUrl: `${urls.appUrl}/recaptcha/api.js`,
    payments: { publicKey: paymentsPublicKey, checkoutScriptUrl: urls.checkoutScriptUrl },
    support: localSupport(stage.mailFrom),
    events: { endpoint: urls.eventsEndpoint },
    files: { endpoint: urls.filesEndpoint },
    mailboxUrl: urls.mailboxUrl,
  };
}
