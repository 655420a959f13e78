import { messageResponseSchema, pathIdSchema } from '../common';
import {
  acceptContractRequestSchema,
  cancellationResponseSchema,
  contractForAcceptorSchema,
  contractIdRequestSchema,
  contractListResponseSchema,
  contractResponseSchema,
  contractWithPeopleSchema,
  createContractRequestSchema,
  createContractResponseSchema,
  editContractRequestSchema,
  markDeliveredRequestSchema,
} from '../contracts';
import {
  acceptSettlementRequestSchema,
  disputeActionResponseSchema,
  disputeResponseSchema,
  openDisputeRequestSchema,
  proposeSettlementRequestSchema,
  refundInFullRequestSchema,
} from '../disputes';
import { refundsResponseSchema } from '../refunds';
import { markSatisfiedRequestSchema } from '../satisfaction';
import type { Endpoint } from './endpoint';

/** Contracts: creating, answering, reading, editing, deleting; delivery and satisfaction, cancelling, disputes and refunds. */

export const createContract = {
  name: 'create-contract',
  method: 'POST',
  path: '/create-contract',
  auth: 'protected',
  request: createContractRequestSchema,
  response: createContractResponseSchema,
} as const satisfies Endpoint;
export const getContractForAcceptor = {
  name: 'get-contract-for-acceptor',
  method: 'POST',
  path: '/get-contract-for-acceptor',
  auth: 'protected',
  request: contractIdRequestSchema,
  response: contractForAcceptorSchema,
} as const satisfies Endpoint;
export const acceptContract = {
  name: 'accept-contract',
  method: 'POST',
  path: '/accept-contract',
  auth: 'protected',
  request: acceptContractRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const rejectContract = {
  name: 'reject-contract',
  method: 'POST',
  path: '/reject-contract',
  auth: 'protected',
  request: contractIdRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const listMyContracts = {
  name: 'list-my-contracts',
  method: 'GET',
  path: '/contracts',
  auth: 'protected',
  response: contractListResponseSchema,
} as const satisfies Endpoint;
export const getContract = {
  name: 'get-contract',
  method: 'GET',
  path: '/contracts/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: contractWithPeopleSchema,
} as const satisfies Endpoint;
export const updateContract = {
  name: 'update-contract',
  method: 'PATCH',
  path: '/contracts/{id}',
  auth: 'protected',
  params: pathIdSchema,
  request: editContractRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const deleteContract = {
  name: 'delete-contract',
  method: 'DELETE',
  path: '/contracts/{id}',
  auth: 'protected',
  params: pathIdSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const listEngagedContracts = {
  name: 'list-engaged-contracts',
  method: 'GET',
  path: '/engaged-contracts',
  auth: 'protected',
  response: contractListResponseSchema,
} as const satisfies Endpoint;
export const markDelivered = {
  name: 'mark-delivered',
  method: 'POST',
  path: '/mark-delivered',
  auth: 'protected',
  request: markDeliveredRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const markContractCompleted = {
  name: 'mark-contract-completed',
  method: 'POST',
  path: '/mark-contract-completed',
  auth: 'protected',
  request: markSatisfiedRequestSchema,
  response: contractResponseSchema,
} as const satisfies Endpoint;
export const cancelContract = {
  name: 'cancel-contract',
  method: 'POST',
  path: '/cancel-contract',
  auth: 'protected',
  request: contractIdRequestSchema,
  response: cancellationResponseSchema,
} as const satisfies Endpoint;
export const openDispute = {
  name: 'open-dispute',
  method: 'POST',
  path: '/open-dispute',
  auth: 'protected',
  request: openDisputeRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const proposeSettlement = {
  name: 'propose-settlement',
  method: 'POST',
  path: '/propose-settlement',
  auth: 'protected',
  request: proposeSettlementRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const acceptSettlement = {
  name: 'accept-settlement',
  method: 'POST',
  path: '/accept-settlement',
  auth: 'protected',
  request: acceptSettlementRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const refundInFull = {
  name: 'refund-in-full',
  method: 'POST',
  path: '/refund-in-full',
  auth: 'protected',
  request: refundInFullRequestSchema,
  response: disputeActionResponseSchema,
} as const satisfies Endpoint;
export const getDispute = {
  name: 'get-dispute',
  method: 'GET',
  path: '/contracts/{id}/dispute',
  auth: 'protected',
  params: pathIdSchema,
  response: disputeResponseSchema,
} as const satisfies Endpoint;
export const getRefunds = {
  name: 'get-refunds',
  method: 'GET',
  path: '/contracts/{id}/refunds',
  auth: 'protected',
  params: pathIdSchema,
  response: refundsResponseSchema,
} as const satisfies Endpoint;
