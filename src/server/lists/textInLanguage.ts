// The engine's (the console's page editor localizes the same way).
export { textInLanguage } from '../../engine/page/pageText';
