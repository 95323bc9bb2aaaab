/** The AI module's public face: dictation, sorting into entries, summaries and position texts. */
export { aiHandlers } from './ai.handlers';
export { AiService } from './ai.service';
