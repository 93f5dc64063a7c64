import { UploadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select, Upload } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFromText } from '../../../shared/number';
import { linkOptions } from '../../../shared/records/contracts';
import { fieldTypes, refOf, type FieldDef, type LinkRef, type SubFieldDef } from '../../../shared/records/definition';
import { fieldTypeInfo } from '../../../shared/records/field-catalogue';
import { optionsOf, type Dictionaries } from '../../../shared/records/validator';
import { EnumParamInput, HazardMatrixInput, ReceiptInput, ReminderInput, SignaturePad, TableInput } from './field-inputs-extra';
import { api, errorText } from '../../app/api';
import { pick, type Lang } from '../../app/i18n';
import type { Pickers } from './use-pickers';
import { recordListNs } from './list-locales';
import { uploadFile } from './record-api';
import { useLoad } from '../use-load';

interface Props {
  /** A field, or a table's column (which has no columns of its own). */
  field: FieldDef | SubFieldDef;
  lang: Lang;
  pickers: Pickers;
  value?: unknown;
  onChange?: (v: unknown) => void;
  /** File names of attachments already on the record, by id. */
  fileNames?: Record<number, string>;
  disabled?: boolean;
  /** Data-dictionary enumerations, for fields that name one instead of listing options. */
  dictionaries?: Dictionaries;
}

const numberText = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : '');

/**
 * A number typed as text. The field's value is the number when the whole
 * text is one and the text itself otherwise, so the field's rule says "enter
 * a number": antd's InputNumber would keep `1000` from `1e3x` and clamp a
 * deadband of -1 to its minimum, both silently.
 */
function NumberText({ value, onChange, disabled, testId }: { value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; testId: string }) {
  const [text, setText] = useState(numberText(value));
  useEffect(() => {
    // A value set from outside (form reset, another record) replaces the text; the echo of our own typing does not.
    setText((t) => (numberFromText(t) === (value ?? null) ? t : numberText(value)));
  }, [value]);
  return (
    <Input
      data-testid={testId}
      inputMode="decimal"
      disabled={disabled}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(numberFromText(e.target.value));
      }}
    />
  );
}

function FilesInput({ value, onChange, accept, fileNames }: { value?: number[]; onChange?: (v: number[]) => void; accept?: string; fileNames?: Record<number, string> }) {
  const { t } = useTranslation(recordListNs);
  const [names, setNames] = useState<Record<number, string>>(fileNames ?? {});
  const [error, setError] = useState('');
  const ids = value ?? [];
  return (
    <div>
      <Upload
        multiple
        accept={accept}
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          uploadFile(file as File)
            .then((f) => {
              setNames((n) => ({ ...n, [f.id]: f.name }));
              onChange?.([...(value ?? []), f.id]);
              setError('');
              onSuccess?.(f);
            })
            .catch((err: unknown) => {
              setError(errorText(err));
              onError?.(err as Error);
            });
        }}
      >
        <Button icon={<UploadOutlined />}>{t('upload')}</Button>
      </Upload>
      {error && <div className="ant-form-item-explain-error">{error}</div>}
      {ids.map((id, i) => (
        <div key={id}>
          {names[id] ?? `#${i + 1}`}{' '}
          <Button size="small" type="link" danger onClick={() => onChange?.(ids.filter((x) => x !== id))}>
            ×
          </Button>
        </div>
      ))}
    </div>
  );
}

type Choice = { value: number | string; label: string };

/** A searchable select of choices (one, or several with `multiple`): every picker field uses it. */
function ChoiceSelect({ testId, options, multiple, disabled, loading, value, onChange }: { testId: string; options: Choice[]; multiple: boolean; disabled?: boolean; loading?: boolean; value?: unknown; onChange?: (v: unknown) => void }) {
  return (
    <Select
      data-testid={testId}
      allowClear
      disabled={disabled}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      options={options}
      value={value as never}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

/** The records a link field may hold (those of its ledger the user may see), named in the user's language. */
function LinkSelect({ linkRef, lang, testId, disabled, value, onChange }: { linkRef: LinkRef; lang: Lang; testId: string; disabled?: boolean; value?: unknown; onChange?: (v: unknown) => void }) {
  const { entity, label, labelEn } = linkRef;
  const load = useCallback((signal: AbortSignal) => api(linkOptions, { entity, label, labelEn }, { signal }), [entity, label, labelEn]);
  const choices = useLoad(load);
  const options = (choices.data ?? []).map((o) => ({ value: o.id, label: pick(lang, o.zh, o.en) }));
  return <ChoiceSelect testId={testId} options={options} multiple={false} disabled={disabled} loading={choices.loading} value={value} onChange={onChange} />;
}

/** The antd input of one field, by its seed type. `testId` names a table's cell. */
export function FieldInput({ field, lang, pickers, value, onChange, fileNames, disabled, dictionaries = {}, testId = `field-${field.key}` }: Props & { testId?: string }) {
  const options = optionsOf(field, dictionaries).map((o) => ({ value: o.value, label: pick(lang, o.label.zh, o.label.en) }));
  const postOptions = pickers.posts.map((p) => ({ value: p.postid, label: pick(lang, p.postname, p.postname_en) }));
  const deptOptions = pickers.depts.map((d) => ({ value: d.deptid, label: pick(lang, d.deptname, d.deptname_en) }));
  const regionOptions = pickers.regions.map((r) => ({ value: r.regionid, label: pick(lang, r.regionname, r.regionname_en) }));
  const userOptions = pickers.users.map((u) => ({ value: u.userid, label: u.loginname ? `${u.username} (${u.loginname})` : u.username }));
  const select = (opts: Choice[], multiple: boolean) => <ChoiceSelect testId={testId} options={opts} multiple={multiple} disabled={disabled} value={value} onChange={onChange} />;
  switch (field.type) {
    case fieldTypes.dept:
      return select(deptOptions, false);
    case fieldTypes.depts:
      return select(deptOptions, true);
    case fieldTypes.region:
      return select(regionOptions, false);
    case fieldTypes.person:
      return select(userOptions, false);
    case fieldTypes.people:
      return select(userOptions, true);
    case fieldTypes.enum:
    case fieldTypes.businessCategory:
    case fieldTypes.chemicalCategory:
    case fieldTypes.chemical:
      return select(options, false);
    case fieldTypes.enumMulti:
    case fieldTypes.businessCategories:
    case fieldTypes.permitTypes:
      return select(options, true);
    case fieldTypes.enumParam:
      return <EnumParamInput field={field} lang={lang} dictionaries={dictionaries} testId={testId} value={value} onChange={onChange} disabled={disabled} />;
    case fieldTypes.receipt:
      return <ReceiptInput options={userOptions} testId={testId} value={value} onChange={onChange} disabled={disabled} />;
    case fieldTypes.hazardMatrix:
      return <HazardMatrixInput lang={lang} testId={testId} value={value} onChange={onChange} disabled={disabled} />;
    case fieldTypes.signature:
      return <SignaturePad lang={lang} testId={testId} value={value} onChange={onChange} disabled={disabled} />;
    case fieldTypes.reminder:
      return (
        <ReminderInput
          lang={lang}
          testId={testId}
          value={value}
          onChange={onChange}
          disabled={disabled}
          files={(ids, set) => <FilesInput value={ids} onChange={set} fileNames={fileNames} />}
        />
      );
    case fieldTypes.table:
      return (
        <TableInput
          field={{ ...field, columns: 'columns' in field ? field.columns : [] }}
          lang={lang}
          dictionaries={dictionaries}
          value={value}
          onChange={onChange}
          disabled={disabled}
          renderCell={(c, v, set, id) => <FieldInput field={c} lang={lang} pickers={pickers} dictionaries={dictionaries} value={v ?? undefined} onChange={set} testId={id} disabled={disabled} />}
        />
      );
    case fieldTypes.openPermits:
    case fieldTypes.chemicalZone: {
      // Not offered yet: what they choose from does not exist; a stored value is shown as it is.
      const note = fieldTypeInfo[field.type].note;
      return <Input data-testid={testId} disabled value={note ? pick(lang, note.zh, note.en) : ''} />;
    }
    case fieldTypes.systemLabel:
      return <Input data-testid={testId} disabled value={typeof value === 'string' ? value : ''} />;
    case fieldTypes.number:
      return <NumberText testId={testId} value={value} onChange={onChange} disabled={disabled} />;
    case fieldTypes.time:
      return (
        <DatePicker
          data-testid={testId}
          showTime
          style={{ width: '100%' }}
          value={typeof value === 'number' ? dayjs(value) : null}
          onChange={(d) => onChange?.(d ? d.valueOf() : null)}
        />
      );
    case fieldTypes.remark:
    case fieldTypes.plainText:
      return <Input.TextArea data-testid={testId} disabled={disabled} rows={3} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
    case fieldTypes.attachment:
      return <FilesInput value={value as number[]} onChange={onChange} fileNames={fileNames} />;
    case fieldTypes.image:
      return <FilesInput value={value as number[]} onChange={onChange} accept="image/*" fileNames={fileNames} />;
    case fieldTypes.workType:
    case fieldTypes.link:
    case fieldTypes.chemicalStore: {
      const linkRef = refOf(field);
      return linkRef ? <LinkSelect linkRef={linkRef} lang={lang} testId={testId} disabled={disabled} value={value} onChange={onChange} /> : null;
    }
    case fieldTypes.post:
      return select(postOptions, false);
    case fieldTypes.text:
    case fieldTypes.blankText:
    case fieldTypes.device:
      return <Input data-testid={testId} disabled={disabled} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange?.(e.target.value)} />;
  }
}
