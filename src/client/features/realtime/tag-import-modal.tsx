import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TAG_IMPORT_MAX_ROWS, tagImport } from '../../../shared/realtime/contracts';
import { api, ApiError } from '../../app/api';
import { useLang } from '../../app/i18n';
import { parseCsv } from './csv';
import { renderIssues, type FieldIssue } from '../../../shared/messages/catalog';
import { realtimeNs } from './locales';
import { checkImportRow, sheetToRows, type ParsedSheet } from './tag-import';

type ImportResult = z.output<typeof tagImport.output>;

interface PreviewRow {
  index: number;
  line: number;
  id: string;
  name: string;
  kind: string;
  local: FieldIssue[];
  server: FieldIssue[];
}

/** Reads an .xlsx (read-excel-file, loaded on demand) or .csv file into sheet rows. */
async function readFile(file: File): Promise<unknown[][]> {
  if (/\.csv$/i.test(file.name) || file.type === 'text/csv') {
    return parseCsv(await file.text());
  }
  const { readSheet } = await import('read-excel-file/browser');
  return readSheet(file);
}

/**
 * Tag import: pick a file, see every row checked locally with the contract's
 * schema, import all or nothing (or only the valid rows), and see the
 * server's per-row errors when it refuses.
 */
export function TagImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation(realtimeNs);
  const lang = useLang();
  const [fileName, setFileName] = useState<string | null>(null);
  const [sheet, setSheet] = useState<ParsedSheet | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsing, setParsing] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const reset = () => {
    setFileName(null);
    setSheet(null);
    setFileError(null);
    setResult(null);
  };

  const handleFile = async (file: File) => {
    reset();
    setFileName(file.name);
    setParsing(true);
    try {
      const data = await readFile(file);
      const parsed = sheetToRows(data);
      if (parsed.missingId) {
        setFileError(t('import.noIdColumn'));
      } else if (parsed.rows.length === 0) {
        setFileError(t('import.noRows'));
      } else if (parsed.rows.length > TAG_IMPORT_MAX_ROWS) {
        setFileError(t('import.tooMany', { max: TAG_IMPORT_MAX_ROWS }));
      }
      setSheet(parsed);
    } catch (err) {
      setFileError(t('import.badFile', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setParsing(false);
    }
  };

  const rows: PreviewRow[] = useMemo(() => {
    if (!sheet) {
      return [];
    }
    const serverByRow = new Map<number, FieldIssue[]>();
    for (const e of result?.errors ?? []) {
      serverByRow.set(e.row, [...(serverByRow.get(e.row) ?? []), ...e.issues]);
    }
    return sheet.rows.map((row, index) => ({
      index,
      line: sheet.lineNumbers[index],
      id: typeof row.id === 'string' ? row.id : '',
      name: typeof row.name === 'string' ? row.name : '',
      kind: typeof row.kind === 'string' ? row.kind : '',
      local: checkImportRow(row),
      server: serverByRow.get(index) ?? [],
    }));
  }, [sheet, result]);
  const localErrors = rows.filter((r) => r.local.length > 0).length;
  const canSend = Boolean(sheet) && !fileError && rows.length > 0;

  const handleImport = async (acceptValid: boolean) => {
    if (!sheet || sending) {
      return;
    }
    setSending(true);
    try {
      const res = await api(tagImport, { rows: sheet.rows, acceptValid }, { silent: true });
      setResult(res);
      if (res.created + res.updated > 0) {
        onImported();
      }
    } catch (err) {
      setFileError(err instanceof ApiError ? err.text(lang) : String(err));
    } finally {
      setSending(false);
    }
  };

  const columns: ColumnsType<PreviewRow> = [
    { title: t('import.row'), dataIndex: 'line', key: 'line', width: 70 },
    { title: t('field.id'), dataIndex: 'id', key: 'id', width: 200, ellipsis: true },
    { title: t('field.name'), dataIndex: 'name', key: 'name', width: 160, ellipsis: true },
    { title: t('field.kind'), dataIndex: 'kind', key: 'kind', width: 100 },
    {
      title: t('import.errors'),
      key: 'errors',
      render: (_, r) => {
        // After an import the server's verdict, plus any local finding it does not already report.
        const same = (a: FieldIssue, b: FieldIssue) => a.field === b.field && a.code === b.code;
        const problems = result ? [...r.server, ...r.local.filter((l) => !r.server.some((sv) => same(sv, l)))] : r.local;
        if (problems.length === 0) {
          return <Tag color="success">{t('import.ok')}</Tag>;
        }
        return (
          <ul className="pw-rt-errors" data-testid="import-row-error">
            {problems.map((p, i) => (
              <li key={i}>{renderIssues(lang, [p])}</li>
            ))}
          </ul>
        );
      },
    },
  ];

  const imported = result && result.rejected === 0;
  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={920}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      footer={
        <Space>
          {sheet && (
            <Button onClick={reset} disabled={sending}>
              {t('import.another')}
            </Button>
          )}
          {canSend && !imported && (
            <>
              {(localErrors > 0 || (result?.rejected ?? 0) > 0) && (
                <Button onClick={() => void handleImport(true)} loading={sending} data-testid="import-valid">
                  {t('import.submitValid')}
                </Button>
              )}
              <Button type="primary" onClick={() => void handleImport(false)} loading={sending} data-testid="import-submit">
                {t('import.submit')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {!sheet && !parsing && (
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.pick')}</p>
          <p className="ant-upload-hint">{t('import.hint', { max: TAG_IMPORT_MAX_ROWS })}</p>
        </Upload.Dragger>
      )}
      {parsing && <Typography.Text type="secondary">{t('import.parsing')}</Typography.Text>}
      {sheet && (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text strong>{fileName}</Typography.Text>
          {fileError && <Alert type="error" showIcon title={fileError} />}
          {sheet.unknownColumns.length > 0 && (
            <Alert type="warning" showIcon title={t('import.unknownColumns', { columns: sheet.unknownColumns.join('、') })} />
          )}
          {result ? (
            <Alert
              type={result.rejected === 0 ? 'success' : result.created + result.updated > 0 ? 'warning' : 'error'}
              showIcon
              data-testid="import-result"
              title={
                result.created + result.updated === 0 && result.rejected > 0
                  ? t('import.rejected', { rejected: result.rejected })
                  : t('import.done', { created: result.created, updated: result.updated, rejected: result.rejected })
              }
              description={result.errors.length > 0 ? t('import.serverErrors') : undefined}
            />
          ) : (
            rows.length > 0 && (
              <Alert
                type={localErrors > 0 ? 'warning' : 'info'}
                showIcon
                data-testid="import-summary"
                title={
                  localErrors > 0 ? t('import.rows', { rows: rows.length, errors: localErrors }) : t('import.rowsOk', { rows: rows.length })
                }
                description={t('import.allOrNothing')}
              />
            )
          )}
          <Table<PreviewRow>
            size="small"
            rowKey="index"
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 50, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ y: 360 }}
            rowClassName={(r) => ((result ? r.server.length + r.local.length : r.local.length) > 0 ? 'pw-rt-import-bad' : '')}
          />
        </Space>
      )}
    </Modal>
  );
}
