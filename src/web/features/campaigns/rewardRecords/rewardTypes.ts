/** A reward record as GET /api/rewards lists it. */
export interface RewardRow {
  id: string;
  prizeId: string;
  prizeName: string;
  deliveryType: string;
  awardStatus: string;
  /** When it was put on hold (not delivered until released); null when not held. */
  heldAt: string | null;
  statusDetail: string | null;
  userId: string | null;
  participantCode: string;
  superior: string | null;
  isNewUser: boolean;
  channel: string | null;
  couponCode: string | null;
  formSubmission: { id: string; state: string } | null;
  attempts: number;
  createdAt: string;
  awardedBy: { id: string; name: string } | null;
  awardedAt: string | null;
}

/** One record with its callback deliveries and their attempts (GET /api/rewards/:id). */
export interface RewardDetail extends RewardRow {
  deliveries: {
    id: string;
    url: string;
    state: string;
    attempts: {
      attempt: number;
      at: string;
      httpStatus: number | null;
      answer: string | null;
      error: string | null;
      durationMs: number | null;
    }[];
  }[];
}
