import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberItem } from '../form-parts.tsx';
import { CataloguePicker } from '../catalogue-picker.tsx';
import { ImageField } from '../image-field.tsx';

/** Fields that stand the same in several kinds' forms. */

/** Where a row stands among its kind in the member app (banners, categories). */
export function SortOrderItem() {
  const { t } = useTranslation();
  return (
    <NumberItem
      name="sortOrder"
      label={t('admin.catalogue.fields.sortOrder')}
      min={-100000}
      max={100000}
      hint={t('admin.catalogue.fields.sortOrderHint')}
    />
  );
}

/** The category a store or an item belongs to, searched by name on the server. */
export function CategoryItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="categoryId"
      label={t('admin.catalogue.fields.category')}
      rules={[{ required: true, message: t('admin.catalogue.pickCategory') }]}
    >
      <CataloguePicker kind="categories" />
    </Form.Item>
  );
}

/** A required single picture (a banner's image, a category's icon, a store's logo). */
export function PictureItem(props: {
  name: string;
  label: string;
  hint?: string;
  kind: string;
  urls: Map<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      extra={props.hint}
      rules={[{ required: true, message: t('admin.catalogue.fieldErrors.picture') }]}
    >
      <ImageField kind={props.kind} urls={props.urls} label={props.label} />
    </Form.Item>
  );
}
