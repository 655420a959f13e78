import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../lib/local/iam/sigv4';

/**
 * Who is running an ops script against a stage: the ARN of the caller's AWS identity, from STS
 * GetCallerIdentity, so a decision is recorded with the identity AWS authenticated, not a name
 * someone typed. Signed by hand (one query-protocol call with the SDK's own signer and credential
 * chain) because the project does not depend on @aws-sdk/client-sts for this single call.
 */
export async function callerArn(region: string): Promise<string> {
  const credentials = await new CloudFormationClient({ region }).config.credentials();
  const hostname = `sts.${region}.amazonaws.com`;
  const body = 'Action=GetCallerIdentity&Version=2011-06-15';
  const signer = new SignatureV4({ credentials, region, service: 'sts', sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname,
    path: '/',
    headers: { host: hostname, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
  const response = await fetch(`https://${hostname}/`, { method: 'POST', headers: signed.headers, body });
  const text = await response.text();
  const arn = /<Arn>([^<]+)<\/Arn>/.exec(text)?.[1];
  if (!response.ok || !arn) throw new Error(`STS GetCallerIdentity answered ${response.status}: ${text.slice(0, 300)}`);
  return arn;
}
