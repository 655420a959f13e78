/** Fixed identifiers of the local stage: stable across restarts so stored tokens stay valid. */
export const localStage = {
  stage: 'local',
  region: 'eu-west-1',
  tableName: 'escrow-local',
  userPoolId: 'eu-west-1_LocalPool',
  userPoolClientId: 'localclient0000000000000000',
  mailFrom: 'no-reply@escrow.local',
  accountId: '000000000000',
  /** The escrow state machine (statemachines/escrow.asl.json), named like a deployed stage's. */
  stateMachineName: 'escrow-local-contracts',
  captchaSiteKey: 'local-captcha-site-key',
  /** The AppSync Events API's id: its channel namespaces' ARNs (what IAM grants publishing on) carry it. */
  eventsApiId: 'localevents',
} as const;
