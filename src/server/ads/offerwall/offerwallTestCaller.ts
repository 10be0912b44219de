import { TEST_TIME } from '../../db/testDb';
import type { ParticipantRow } from '../../play/playTables';
import type { OfferwallCaller } from './offerwallParticipant';

const time = TEST_TIME.toISOString();

/** For offerwall service tests: participant `pa1` of project `p1`, handed off as `user-1`. */
export const testParticipant: ParticipantRow = {
  id: 'pa1',
  project_id: 'p1',
  identity: 'u:user-1',
  code: 'c1',
  user_id: 'user-1',
  device_id: null,
  user_type: null,
  via: 'handoff',
  os: null,
  country: null,
  created_at: time,
  last_seen_at: time,
};

/** That participant calling an open offerwall (USD, withdrawals from 1.00) at `TEST_TIME`. */
export const testCaller: OfferwallCaller = {
  participant: testParticipant,
  settings: { open: true, currency: 'USD', minWithdrawalMicros: 1_000_000 },
  now: TEST_TIME,
};
