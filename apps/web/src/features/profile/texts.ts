// The profile's texts, loaded with its screens (see shared/i18n/add-texts.ts).
import texts from 'virtual:locale/profile';
import { addTexts } from '../../shared/i18n/add-texts.ts';

addTexts(texts);
