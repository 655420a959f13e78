import { util } from '@aws-appsync/utils';

/**
 * The `notifications` channel namespace of the AppSync Events API (APPSYNC_JS runtime): a person
 * may subscribe only to their own channel, `/notifications/<their sub>`; everything else (another
 * person's channel, the namespace's wildcard, a deeper path) is refused. Publishing is IAM-only
 * (the API's settings), so no publish handler is needed. The local stand-in
 * (lib/local/appsync-events.ts) runs this same file.
 */
export function onSubscribe(ctx) {
  const segments = ctx.info.channel.segments;
  if (segments.length !== 2 || segments[1] !== ctx.identity.sub) {
    util.unauthorized();
  }
}
