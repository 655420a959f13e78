import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generate } from 'selfsigned';

/**
 * The local cloud's TLS: the stand-ins that must speak https (AppSync Events, which Amplify reaches
 * only over wss://, and S3, whose bucket refuses plain http) present one self-signed certificate,
 * so a browser or a function trusts it once for both.
 */
/** A certificate for 127.0.0.1 and localhost: kept in `file` (made again when missing or within a month of its end). */
export async function tlsCertificate(file: string | undefined): Promise<{ key: string; cert: string }> {
  if (file && existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { key: string; cert: string; notAfter: string };
    if (Date.parse(kept.notAfter) - Date.now() > 30 * 86_400_000) return kept;
  }
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const made = { key: pems.private, cert: pems.cert, notAfter: notAfter.toISOString() };
  if (file) writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return made;
}
