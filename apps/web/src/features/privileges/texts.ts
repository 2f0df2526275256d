// The privileges history's texts, loaded with its screen (see shared/i18n/add-texts.ts).
import texts from 'virtual:locale/history';
import { addTexts } from '../../shared/i18n/add-texts.ts';

addTexts(texts);
