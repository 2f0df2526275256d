// The texts of the screens that open later, loaded with them (see shared/i18n/add-texts.ts).
import texts from 'virtual:locale/comingSoon+notFound';
import { addTexts } from '../i18n/add-texts.ts';

addTexts(texts);
