import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { MessageRejected, SESv2Client, SendEmailCommand, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  InvalidToken,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
  TaskDoesNotExist,
  TaskTimedOut,
} from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cognitoCall } from '../../lambdas/core/adapters/cognito';
import { escapeHtml, oneClickUnsubscribeHeaders, sendEmail, sendStepEmail } from '../../lambdas/core/adapters/email';
import { answerTask, describeEscrowExecution, failTask, startEscrowExecution } from '../../lambdas/core/adapters/workflow';
import { captureEmf } from '../support/emf';

/**
 * What the adapters ask of SES, Step Functions and Cognito (the SDK's clients, mocked), and what
 * they make of the services' answers and errors: the services above them see the same whatever
 * carries the call. The calls themselves, against the local stand-ins that check signatures and
 * IAM as AWS does, are in test/integration (iam.test.ts and the flows).
 */

const ses = mockClient(SESv2Client);
const sfn = mockClient(SFNClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const stateMachineArn = 'arn:aws:states:eu-west-1:111111111111:stateMachine:escrow-dev';
const serviceError = { $metadata: { httpStatusCode: 400 }, message: 'refused' };

beforeEach(() => {
  ses.reset();
  sfn.reset();
  cognito.reset();
  vi.stubEnv('MAIL_FROM', 'no-reply@mail.example.ng');
  vi.stubEnv('STAGE', 'dev');
  vi.stubEnv('MAIL_CONFIGURATION_SET', '');
  vi.stubEnv('STATE_MACHINE_ARN', stateMachineArn);
});

afterAll(() => {
  vi.unstubAllEnvs();
  ses.restore();
  sfn.restore();
  cognito.restore();
});

describe('email (SES v2 SendEmail)', () => {
  it('sends a plain email from the product address, as UTF-8 text and HTML, to the one recipient', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await sendEmail({ to: 'ada@example.ng', subject: 'Hello', text: 'Hi Ada', html: '<p>Hi Ada</p>' });
    expect(ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input)).toEqual([
      {
        FromEmailAddress: 'no-reply@mail.example.ng',
        Destination: { ToAddresses: ['ada@example.ng'] },
        Content: {
          Simple: {
            Subject: { Data: 'Hello', Charset: 'UTF-8' },
            Body: { Text: { Data: 'Hi Ada', Charset: 'UTF-8' }, Html: { Data: '<p>Hi Ada</p>', Charset: 'UTF-8' } },
          },
        },
      },
    ]);
  });

  it("sends a deal step through the stage's template and configuration set, with its values escaped for HTML and its headers", async () => {
    vi.stubEnv('MAIL_CONFIGURATION_SET', 'escrow-dev-mail');
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    const headers = oneClickUnsubscribeHeaders('https://api.example.ng/unsubscribe/t');
    await sendStepEmail('ada@example.ng', 'contract-accepted', { title: 'Tom & Jerry' }, headers);
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      FromEmailAddress: 'no-reply@mail.example.ng',
      ConfigurationSetName: 'escrow-dev-mail',
      Destination: { ToAddresses: ['ada@example.ng'] },
      Content: {
        Template: {
          TemplateName: 'escrow-dev-contract-accepted',
          Headers: [
            { Name: 'List-Unsubscribe', Value: '<https://api.example.ng/unsubscribe/t>' },
            { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
          ],
        },
      },
    });
    expect(JSON.parse(input?.Content?.Template?.TemplateData ?? '')).toEqual({
      title: 'Tom & Jerry',
      title_html: escapeHtml('Tom & Jerry'),
    });
  });

  it('lets SES’s refusal reach the caller by its name', async () => {
    ses.on(SendEmailCommand).rejects(new MessageRejected(serviceError));
    await expect(sendEmail({ to: 'ada@example.ng', subject: 'Hello', text: 'Hi' })).rejects.toMatchObject({
      name: 'MessageRejected',
    });
  });

  it('counts every email SES refuses (its quota reached) as EmailsNotSent, which pages ops, and none it sends', async () => {
    const records = captureEmf();
    try {
      ses.on(SendEmailCommand).resolvesOnce({ MessageId: 'm-1' }).rejects(new TooManyRequestsException(serviceError));
      await sendEmail({ to: 'ada@example.ng', subject: 'Hello', text: 'Hi' });
      expect(records).toEqual([]);
      await expect(sendStepEmail('ada@example.ng', 'contract-accepted', { title: 'Cake' })).rejects.toMatchObject({
        name: 'TooManyRequestsException',
      });
      await expect(sendEmail({ to: 'ada@example.ng', subject: 'Code', text: '123456' })).rejects.toMatchObject({
        name: 'TooManyRequestsException',
      });
      expect(records).toEqual([
        expect.objectContaining({ service: 'escrow', stage: 'dev', EmailsNotSent: 1 }),
        expect.objectContaining({ EmailsNotSent: 1 }),
      ]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('workflow (Step Functions)', () => {
  it("starts the contract's execution named after it, with the contract id as its only input", async () => {
    sfn.on(StartExecutionCommand).resolves({ executionArn: `${stateMachineArn}:c-1`, startDate: new Date() });
    expect(await startEscrowExecution('c-1')).toBe(true);
    expect(await startEscrowExecution('c-1', 'c-1--2')).toBe(true);
    expect(sfn.commandCalls(StartExecutionCommand).map((call) => call.args[0].input)).toEqual([
      { stateMachineArn, name: 'c-1', input: '{"contractId":"c-1"}' },
      { stateMachineArn, name: 'c-1--2', input: '{"contractId":"c-1"}' },
    ]);
  });

  it('answers false when an execution of that name already ended (ExecutionAlreadyExists), and throws anything else', async () => {
    sfn.on(StartExecutionCommand).rejectsOnce(new ExecutionAlreadyExists(serviceError)).rejectsOnce(new Error('socket hang up'));
    expect(await startEscrowExecution('c-1')).toBe(false);
    await expect(startEscrowExecution('c-1')).rejects.toThrow('socket hang up');
  });

  it("describes an execution by the ARN built from the state machine's, with its dates in epoch ms; none by that name is undefined", async () => {
    const startDate = new Date('2026-11-01T10:00:00.250Z');
    const stopDate = new Date('2026-11-02T10:00:00.000Z');
    sfn
      .on(DescribeExecutionCommand)
      .resolvesOnce({ status: 'SUCCEEDED', startDate, stopDate, executionArn: 'x', stateMachineArn })
      .rejectsOnce(new ExecutionDoesNotExist(serviceError));
    expect(await describeEscrowExecution('c-1--2')).toEqual({
      name: 'c-1--2',
      status: 'SUCCEEDED',
      startDate: startDate.getTime(),
      stopDate: stopDate.getTime(),
    });
    expect(await describeEscrowExecution('c-9')).toBeUndefined();
    expect(sfn.commandCalls(DescribeExecutionCommand)[0]?.args[0].input).toEqual({
      executionArn: 'arn:aws:states:eu-west-1:111111111111:execution:escrow-dev:c-1--2',
    });
  });

  it('answers a waiting task with its output as JSON, and fails one with the error the state machine catches', async () => {
    sfn.on(SendTaskSuccessCommand).resolves({});
    sfn.on(SendTaskFailureCommand).resolves({});
    expect(await answerTask('token-1', { paid: true })).toBe(true);
    expect(await failTask('token-2', 'PayoutFailed', 'the bank refused')).toBe(true);
    expect(sfn.commandCalls(SendTaskSuccessCommand)[0]?.args[0].input).toEqual({ taskToken: 'token-1', output: '{"paid":true}' });
    expect(sfn.commandCalls(SendTaskFailureCommand)[0]?.args[0].input).toEqual({
      taskToken: 'token-2',
      error: 'PayoutFailed',
      cause: 'the bank refused',
    });
  });

  it('treats a token already answered, timed out or replaced as handled (false), and throws other errors', async () => {
    for (const handled of [TaskTimedOut, TaskDoesNotExist, InvalidToken]) {
      sfn.reset();
      sfn.on(SendTaskSuccessCommand).rejects(new handled(serviceError));
      sfn.on(SendTaskFailureCommand).rejects(new handled(serviceError));
      expect(await answerTask('token', {}), handled.name).toBe(false);
      expect(await failTask('token', 'E', 'c'), handled.name).toBe(false);
    }
    sfn.reset();
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    sfn.on(SendTaskSuccessCommand).rejects(throttled);
    sfn.on(SendTaskFailureCommand).rejects(throttled);
    await expect(answerTask('token', {})).rejects.toMatchObject({ name: 'ThrottlingException' });
    await expect(failTask('token', 'E', 'c')).rejects.toMatchObject({ name: 'ThrottlingException' });
  });
});

describe('cognito (the user pool API)', () => {
  it("sends each operation as the SDK's command of it, with the caller's input, and answers its output", async () => {
    const created = new Date('2026-10-01T08:00:00.000Z');
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-1', UserStatus: 'CONFIRMED', UserCreateDate: created });
    const user = await cognitoCall('AdminGetUser', { UserPoolId: 'eu-west-1_pool', Username: 'ada@example.ng' });
    expect(user).toMatchObject({ Username: 'sub-1', UserStatus: 'CONFIRMED', UserCreateDate: created });
    expect(cognito.commandCalls(AdminGetUserCommand)[0]?.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_pool',
      Username: 'ada@example.ng',
    });
  });

  it('lets Cognito’s error reach the caller by its name (UsernameExistsException)', async () => {
    cognito.on(SignUpCommand).rejects(new UsernameExistsException(serviceError));
    const signUp = cognitoCall('SignUp', { ClientId: 'client', Username: 'ada@example.ng', Password: 'pw', UserAttributes: [] });
    await expect(signUp).rejects.toMatchObject({ name: 'UsernameExistsException' });
  });
});
