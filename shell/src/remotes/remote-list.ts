import { RemoteList } from '@agora/shared-api/contract';
import type { RemoteList as RemoteListType } from '@agora/shared-api';
import { Check, Errors } from 'typebox/value';

/** Validates the remote list against the wire contract; a bad document is a start-up error, not a guess. */
export function parseRemoteList(value: unknown): RemoteListType {
  if (Check(RemoteList, value)) return value as RemoteListType;
  const first = [...Errors(RemoteList, value)][0];
  throw new Error(`Invalid remote list: ${first ? `${first.instancePath || '/'} ${first.message}` : 'unknown error'}`);
}
