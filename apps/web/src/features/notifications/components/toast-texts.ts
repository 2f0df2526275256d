// The notification toast's own texts, loaded with the toast's code (see shared/i18n/add-texts.ts):
// it shows on any screen, whether or not the Inbox's texts have loaded.
import texts from 'virtual:locale/notificationToast';
import { addTexts } from '../../../shared/i18n/add-texts.ts';

addTexts(texts);
