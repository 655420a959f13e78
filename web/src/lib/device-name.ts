/**
 * A readable name for the device, from its user agent (spec §3). Mobile agents are checked first:
 * an iPhone's agent also says "Mac OS X" and an Android's also says "Linux".
 */
export function deviceNameFromUserAgent(userAgent: string): string {
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(userAgent)) {
    if (/iPhone/i.test(userAgent)) return 'iPhone';
    if (/iPad/i.test(userAgent)) return 'iPad';
    if (/Android/i.test(userAgent)) return 'Android Device';
    return 'Mobile Device';
  }
  if (/Windows/i.test(userAgent)) return 'Windows PC';
  if (/Macintosh|Mac OS/i.test(userAgent)) return 'Mac';
  if (/Linux/i.test(userAgent)) return 'Linux PC';
  return 'Unknown Device';
}
