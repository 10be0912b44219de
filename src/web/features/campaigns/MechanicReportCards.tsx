import { CheckInReportCard } from './report/CheckInReportCard';
import { CollectReportCard } from './report/CollectReportCard';
import { ContestReportCard } from './report/ContestReportCard';
import { DiceReportCard } from './report/DiceReportCard';
import { InviteReportCard } from './report/InviteReportCard';
import { PoolReportCard } from './report/PoolReportCard';
import { QuizReportCard } from './report/QuizReportCard';
import { RaiseReportCard } from './report/RaiseReportCard';
import { TaskReportCard } from './report/TaskReportCard';
import { PredictReportCard } from './predict/PredictReportCard';
import type { Participation } from './reportTypes';

/** The sections of the campaign's own mechanic, each shown when the server sent it. */
export function MechanicReportCards({
  participation,
  campaignId,
  exportUrl,
}: {
  participation: Participation;
  campaignId: string;
  exportUrl(section: string): string;
}) {
  const prizeNames = () => Object.fromEntries((participation.prizes ?? []).map((p) => [p.id, p.name]));
  const { predict, quiz, pool, checkIn, tasks, dice, raise, collect, contest, invite } = participation;
  return (
    <>
      {predict ? <PredictReportCard predict={predict} exportUrl={exportUrl('predict')} /> : null}
      {quiz ? <QuizReportCard quiz={quiz} exportUrl={exportUrl('quiz')} /> : null}
      {pool ? <PoolReportCard pool={pool} exportUrl={exportUrl('pool')} /> : null}
      {checkIn ? (
        <CheckInReportCard checkIn={checkIn} prizeNames={prizeNames()} exportUrl={exportUrl('checkIn')} />
      ) : null}
      {tasks ? <TaskReportCard tasks={tasks} exportUrl={exportUrl('tasks')} /> : null}
      {dice ? <DiceReportCard dice={dice} prizeNames={prizeNames()} exportUrl={exportUrl('dice')} /> : null}
      {raise ? <RaiseReportCard raise={raise} exportUrl={exportUrl('raise')} /> : null}
      {collect ? <CollectReportCard collect={collect} exportUrl={exportUrl('collect')} /> : null}
      {contest ? (
        <ContestReportCard campaignId={campaignId} initial={contest} exportUrl={exportUrl('contest')} />
      ) : null}
      {invite ? (
        <InviteReportCard
          invite={invite}
          fissionUrl={exportUrl('fission')}
          invitesUrl={exportUrl('invites')}
        />
      ) : null}
    </>
  );
}
