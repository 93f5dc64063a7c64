import { Alert, Button, Modal, Table, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '../../../shared/records/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { addTranslations, useLang } from '../../app/i18n';
import { errorText } from '../../app/api';
import { feedback } from '../../app/feedback';

const ns = 'importDialog';
addTranslations(
  ns,
  {
    pick: '选择或拖入 .xlsx 文件（第一行为列名）',
    errors: '{{n}} 行有错误，未保存任何数据。',
    keep: '只保存正确的行',
    row: '行',
    field: '字段',
    problem: '问题',
  },
  {
    pick: 'Choose or drop an .xlsx file (first row: column names)',
    errors: '{{n}} row(s) have errors; nothing was saved.',
    keep: 'Save only the good rows',
    row: 'Row',
    field: 'Field',
    problem: 'Problem',
  },
);

type ImportError = ImportResult['errors'][number];

/**
 * The Excel import of a ledger: pick a file, see every row's problems by
 * row and field in the user's language, and choose to save only the good
 * rows of a file that has errors (the server saves nothing until then).
 */
export function ImportDialog<R extends { saved: number; errors: ImportError[] }>({
  open,
  title,
  upload,
  fieldLabel,
  onClose,
  onDone,
  children,
}: {
  open: boolean;
  title: string;
  /** Sends the file; `keepGood` asks the server to save the good rows of a file with errors. */
  upload: (file: File, keepGood: boolean) => Promise<R>;
  fieldLabel: (key: string) => string;
  onClose: () => void;
  /** After a call that answered (saved or not). */
  onDone?: (result: R) => void;
  /** More inputs above the file picker (a reason for the change). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const lang = useLang();
  const [report, setReport] = useState<R | null>(null);
  const [lastFile, setLastFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const handleUpload = async (file: File, keepGood: boolean) => {
    setBusy(true);
    try {
      const r = await upload(file, keepGood);
      setReport(r);
      setLastFile(file);
      onDone?.(r);
    } catch (err) {
      void feedback.message.error(errorText(err, lang), 5);
    } finally {
      setBusy(false);
    }
  };
  const handleClose = () => {
    setReport(null);
    setLastFile(null);
    onClose();
  };
  return (
    <Modal open={open} onCancel={handleClose} footer={null} title={title} width={640} destroyOnHidden data-testid="import-dialog">
      {children}
      <Upload.Dragger
        accept=".xlsx"
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void handleUpload(file, false);
          return false;
        }}
      >
        <p>{t('pick')}</p>
      </Upload.Dragger>
      {report && report.errors.length > 0 && (
        <>
          {report.saved === 0 && (
            <Alert
              type="error"
              style={{ marginTop: 12 }}
              title={t('errors', { n: new Set(report.errors.map((e) => e.row)).size })}
              data-testid="import-errors"
            />
          )}
          <Table
            size="small"
            rowKey={(e) => `${e.row}-${e.field}-${e.code}`}
            dataSource={report.errors}
            pagination={{ pageSize: 10 }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('row'), dataIndex: 'row', width: 60 },
              { title: t('field'), dataIndex: 'field', width: 110, render: (k: string) => fieldLabel(k) },
              { title: t('problem'), key: 'p', render: (_: unknown, e) => renderMessage(lang, e.code, e.params) },
            ]}
            data-testid="import-error-table"
          />
          {report.saved === 0 && lastFile && (
            <Button loading={busy} onClick={() => void handleUpload(lastFile, true)} data-testid="import-keep-good">
              {t('keep')}
            </Button>
          )}
        </>
      )}
    </Modal>
  );
}
