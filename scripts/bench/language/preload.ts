/** `node --import` this file with RELEVANCE_LANGUAGE=<stemmer>+<stop words>: the process's builds and queries use that variant. */
import { useLanguage } from '../../../src/lib/search/build.ts';
import { languageVariant } from './variants.ts';

const name = process.env.RELEVANCE_LANGUAGE;
if (name) useLanguage(languageVariant(name));
