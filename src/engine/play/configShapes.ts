// What a saved config is played as, read from its shape rather than its folder's name, so a
// folder a product person adds on an existing mechanic gets the same jobs and report sections.

type Config = Record<string, unknown>;

/** A referral: it names the rules that count an invite. */
export const tracksInvites = (config: Config): boolean => Array.isArray(config.inviteRules);

/** An invite contest: a sub-activity that rewards ranks. */
export const isContestConfig = (kind: string, config: Config): boolean =>
  kind === 'sub-activity' && Array.isArray(config.rankRewards);

/** A coin pool: a pool, rounds and the tasks that earn coins. */
export const isPoolConfig = (config: Config): boolean =>
  typeof config.pool === 'object' &&
  config.pool !== null &&
  Array.isArray(config.tasks) &&
  'roundHours' in config;

/** A daily sign-in: a cycle of days with a prize per day. */
export const isCheckInConfig = (config: Config): boolean =>
  typeof config.cycleDays === 'number' && Array.isArray(config.dailyRewards);

/**
 * A task center or super task: tasks with limits. A coin pool's tasks (`coins`) and a dice
 * board's (`dice`) have no limits and do not count.
 */
export const isTasksConfig = (config: Config): boolean =>
  Array.isArray(config.tasks) &&
  config.tasks.length > 0 &&
  (config.tasks as unknown[]).every(
    (task) =>
      !!task &&
      typeof task === 'object' &&
      typeof (task as Config).limits === 'object' &&
      (task as Config).limits !== null &&
      !('coins' in task) &&
      !('dice' in task),
  );

/** A dice board: a board size and its prize cells. */
export const isDiceConfig = (config: Config): boolean =>
  typeof config.boardSize === 'number' && Array.isArray(config.cells);

/** A raising: a species (dog, tree) and the stages it grows through. */
export const isRaiseConfig = (config: Config): boolean =>
  typeof config.species === 'string' && typeof config.stages === 'object' && config.stages !== null;
