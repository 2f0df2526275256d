// The installable app's texts ("Update available"), loaded with its code (see shared/i18n/add-texts.ts).
import texts from 'virtual:locale/pwa';
import { addTexts } from '../shared/i18n/add-texts.ts';

addTexts(texts);
