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
