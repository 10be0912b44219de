// The participant API's answers as this app reads them (docs/play-runtime.md, "Page model").

export type JoinState = 'open' | 'notStarted' | 'ended' | 'offline' | 'whitelistOnly' | 'draft';

export type PlayReason =
  | 'draft'
  | 'preview'
  | 'notStarted'
  | 'ended'
  | 'offline'
  | 'whitelistOnly'
  | 'loginRequired'
  | 'userType'
  | 'noChances'
  | 'overBudget'
  | 'notPlayable';

export interface PlayPrize {
  id: string;
  name: string;
  image: string | null;
  isThank: boolean;
  description: string | null;
}

export interface ButtonLook {
  text: string | null;
  color: string | null;
  textColor: string | null;
}

/** What a tap on a hotzone or page button does (the server resolved its address). */
export interface TapView {
  action: 'url' | 'deeplink' | 'share' | 'play' | 'rules' | 'block';
  /** The address to open (url, deeplink); null when unsafe or the deep link is gone. */
  href: string | null;
  /** The block to scroll to (`block`). */
  blockId: string | null;
}

/** A tappable area of an image, in percent of the image. */
export interface Hotzone extends TapView {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Accessible name; null: named by its position. */
  label: string | null;
}

/** A block of the page (schemas/blocks/<type>), its props in the page language. */
export interface BlockView {
  id: string;
  type: string;
  props: Record<string, unknown>;
}

/** Renderer settings of the config: whichever of these the gameplay has. */
export interface GameConfig {
  wheel?: { sectorColors: string[]; pointerColor: string | null; pointerImage: string | null };
  boxCount?: number;
  shuffle?: boolean;
  /** Blind boxes: the closed box's picture. */
  boxImage?: string | null;
  cardCount?: number;
  cardBack?: { color: string | null; image: string | null };
  /** Match prediction and voting: the matches in the page language. */
  predict?: {
    mode: 'prediction' | 'voting';
    closesAt: string | null;
    matches: { id: string; title: string; options: { id: string; label: string; image: string | null }[] }[];
  };
  /** Fragment collection: the pieces in the page language. */
  collect?: { fragments: { id: string; name: string; image: string | null; odds: number }[] };
  /** Coin pool: its tasks' titles in the page language. */
  pool?: { tasks: { id: string; title: string }[] };
  /** Daily sign-in: the cycle, its day rewards and reward steps. */
  checkIn?: {
    cycleDays: number;
    resetMode: string;
    loop: boolean;
    allowMakeUp: boolean;
    makeUpShares: number;
    makeUpLimit: number;
    daily: { day: number; prizeId: string }[];
    consecutive: { days: number; prizeId: string }[];
    accumulated: { days: number; prizeId: string }[];
  };
  /** Task center and super task: the tasks in the page language. */
  tasks?: TaskView[];
  /** The task center's "more" address. */
  tasksMore?: string | null;
  /** Raising: species, stage thresholds (%), bowl, help chance, revival invites, reward prize. */
  raise?: {
    species: 'dog' | 'tree';
    stages: number[];
    events: string[];
    foodFull: number;
    helpProbability: number;
    revivalInvites: number;
    rewardPrizeId: string | null;
    /** The picture of each stage (0 = just started); null: the page's own look. */
    stageImages?: (string | null)[];
  };
  /** Dice board: its size and prize cells. */
  dice?: { boardSize: number; cells: { index: number; prizeId: string }[] };
}

export interface TaskView {
  id: string;
  title: string;
  event: string;
  count: number;
  limits: { daily: number; weekly: number; refreshDay: number; total: number };
  prizeId: string | null;
  chances: number;
  goButton: { text: string; url: string | null } | null;
  backgroundImage: string | null;
  from: string | null;
  to: string | null;
  onlineFrom: string | null;
}

export interface CampaignView {
  id: string;
  mark: string;
  kind: string;
  mechanic: string | null;
  renderer: string | null;
  playable: boolean;
  title: string;
  lang: string;
  languages: string[];
  defaultLanguage: string;
  status: string;
  joinState: JoinState;
  startTime: string;
  endTime: string;
  timezone: string;
  preview: boolean;
  page: {
    pageTitle: string;
    backgroundImage: string | null;
    rules: { text: string; textColor: string | null; backgroundColor: string | null } | null;
    buttons: ButtonLook;
    share: {
      region: string | null;
      channels: string[];
      title: string | null;
      description: string | null;
      thumbnail: string | null;
    } | null;
    preheat: { image: string | null; startTime: string; active: boolean } | null;
    hotzones: Hotzone[];
    /** The page as laid out (or the default page of a campaign never laid out). */
    blocks: BlockView[];
    drawCountdown: number;
  };
  game: GameConfig;
  prizes: PlayPrize[];
  overBudget: boolean;
}

export interface FormItem {
  label: string;
  type: string;
  required: boolean;
}

export interface RewardView {
  id: string;
  prizeId: string;
  prizeName: string;
  image: string | null;
  isThank: false;
  awardStatus: string;
  deliveryType: string;
  couponCode: string | null;
  contactInfo: string | null;
  form: {
    id: string;
    title: string;
    items: FormItem[];
    state: 'pending' | 'submitted';
    values: Record<string, string> | null;
  } | null;
  createdAt: string;
}

export interface ParticipantInfo {
  code: string;
  userId: string | null;
  anonymous: boolean;
}

export interface Chances {
  left: number;
  unlimited: boolean;
  dailyFree: number;
  dailyLeft: number;
  poolLeft: number;
}

export interface PlayerView {
  participant: ParticipantInfo | null;
  chances: Chances | null;
  canPlay: boolean;
  reason: PlayReason | null;
  rewards: RewardView[];
  progress: Record<string, unknown>;
}

export interface PageData {
  campaign: CampaignView;
  me: PlayerView;
}

/** `result` of the `draw` action. */
export interface DrawAnswer {
  prize: { id: string | null; name: string; image: string | null; isThank: boolean };
  rewardId: string | null;
  reward: RewardView | null;
}
