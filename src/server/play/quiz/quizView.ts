import { textInLanguage } from '../../lists/textInLanguage';
import { safeUrl } from '../../participant/renderParticipantPage';
import { list, type PlayCampaign } from '../playCampaign';

/** A question as the player sees it: texts in the page language, never its answers. */
export interface QuizQuestionView {
  id: string;
  title: string;
  text: string;
  image: string | null;
  /** More than one option is right: the page offers checkboxes. */
  multiple: boolean;
  score: number;
  options: { id: string; text: string }[];
}

/** The asked questions, in the order asked, as the page shows them. */
export function quizQuestionViews(
  campaign: PlayCampaign,
  ids: unknown,
  language: { lang: string; defaultLanguage: string },
): QuizQuestionView[] {
  const bank = new Map(list(campaign.config.questions).map((q) => [String(q.id), q]));
  const text = (value: unknown) => textInLanguage(value, language.lang, language.defaultLanguage);
  return (Array.isArray(ids) ? ids : [])
    .map((id) => bank.get(String(id)))
    .filter((q) => q !== undefined)
    .map((q) => ({
      id: String(q.id),
      title: text(q.title),
      text: text(q.text),
      image: safeUrl(q.image) ?? null,
      multiple: Array.isArray(q.answers) && q.answers.length > 1,
      score: typeof q.score === 'number' ? q.score : 0,
      options: list(q.options).map((o) => ({ id: String(o.id), text: text(o.text) })),
    }));
}
