// The catalogue's texts, loaded with its screens (see shared/i18n/add-texts.ts). The parts other screens
// show too are the shell's (shared/i18n/resources.ts).
import texts from 'virtual:locale/catalogue';
import { addTexts } from '../../shared/i18n/add-texts.ts';

addTexts(texts);
