// The app's events toward tasks: inside the ingest transaction, each running campaign with tasks
// (its own, or the task center it embeds) counts the events of its joined participants, from the
// sources each task trusts; the ignored ones are counted for the report.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { TaskRule } from '../../../engine/play/tasks';
import type { IngestEvent } from '../../sdk/validateSdkEvent';
import type { SdkBatch } from '../mechanicModule';
import { playCampaign, type PlayCampaign } from '../playCampaign';
import { lockParticipantEntry } from '../playSteps';
import type { ParticipantRow } from '../playTables';
import { countRefusals, ignoredEvent, type RefusalCount } from '../risk/riskRefusals';
import { joinedParticipants } from '../runningCampaigns';
import { countTaskEvents, embedsTaskCenter, taskSourceOf } from './taskProgress';

/**
 * The app events of joined participants that a task would count but takes from the server only:
 * stored, moving nothing, counted for the report (one per event).
 */
function ignoredForSource(
  campaign: PlayCampaign,
  tasks: readonly TaskRule[],
  events: readonly IngestEvent[],
  joined: readonly ParticipantRow[],
  now: Date,
): RefusalCount[] {
  const users = new Set(joined.map((p) => p.user_id));
  const serverOnly = new Set(tasks.filter((t) => t.progressSource === 'server').map((t) => t.event));
  const count = events.filter((e) => e.via === 'sdk' && serverOnly.has(e.name) && users.has(e.userId)).length;
  return count > 0 ? [{ ...ignoredEvent(campaign.row, now.getTime()), count }] : [];
}

/**
 * The SDK hook: app events with a user id move the tasks of the project's running task
 * campaigns for participants who joined them, in the transaction that stored the events (only
 * events stored for the first time come here). Participants are locked in id order, so two
 * servers' batches never wait on each other in a circle.
 */
export async function advanceTasksByEvents(
  trx: Transaction<Database>,
  { projectId, events, now, schemas, dbKind, modules, running }: SdkBatch,
): Promise<number> {
  const withUser = events.filter((e) => e.userId);
  if (withUser.length === 0) return 0;
  let completions = 0;
  const ignored: RefusalCount[] = [];
  for (const row of await running()) {
    const campaign = playCampaign(schemas, row);
    if (!modules.of(campaign)?.ownTasks && !embedsTaskCenter(campaign)) continue;
    const source = await taskSourceOf(trx, schemas, campaign, modules);
    if (!source) continue;
    const names = new Set(source.tasks.map((t) => t.event));
    const mine = withUser.filter((e) => names.has(e.name));
    if (mine.length === 0) continue;
    const userIds = mine.map((e) => e.userId as string);
    const joined = await joinedParticipants(trx, projectId, campaign.row.id, userIds);
    ignored.push(...ignoredForSource(campaign, source.tasks, mine, joined, now));
    for (const participant of joined) {
      const entry = await lockParticipantEntry(trx, campaign, participant, now);
      const theirs = mine
        .filter((e) => e.userId === participant.user_id)
        .map((e) => ({
          name: e.name,
          atMs: Date.parse(e.time),
          source: e.via,
          ref: `ev:${e.eventId}`,
        }));
      const out = await countTaskEvents(
        trx,
        { campaign, participant, entry, now, dbKind, ...source },
        theirs,
      );
      completions += out.completions;
    }
  }
  await countRefusals(trx, ignored);
  return completions;
}
