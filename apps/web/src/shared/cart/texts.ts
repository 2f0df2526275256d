// The cart's texts, for the cart screen and the voucher detail's buy sheet (see shared/i18n/add-texts.ts).
import texts from 'virtual:locale/cart';
import { addTexts } from '../i18n/add-texts.ts';

addTexts(texts);
