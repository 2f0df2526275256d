// The not-found screen's texts, loaded with its code (see shared/i18n/add-texts.ts).
import texts from 'virtual:locale/notFound';
import { addTexts } from '../shared/i18n/add-texts.ts';

addTexts(texts);
