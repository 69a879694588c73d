'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { closeOnSuccess, type SaveOutcome, toRefusal } from '@/components/ui/form-outcome';
import { ConfirmDialog, FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { ActiveToggleButton, AddRecordCard, RecordListSection, RecordRow } from '@/components/ui/record-list';
import { useRecordChanges } from '@/components/ui/use-record-changes';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import type { ProductInput } from '../product.schema';
import type { ProductChangeResult, ProductView } from '../product.service';
import { ProductForm } from './product-form';

type Confirming = { product: ProductView; action: 'retire' | 'delete' };

const BLANK = { name: '', pcpNumber: '', unit: 'ml-concentrate' } as const;

/**
 * The office's pest control products (docs/decisions/0042): add, edit, retire (no longer offered
 * at "Mark done"), offer again, and delete one entered by mistake. A product any application
 * record names is never deleted, only retired: its "Delete" is not offered, and the server
 * refuses it anyway.
 */
export function ProductsManager({ initial }: { initial: ProductView[] }) {
  const t = useTranslations('applicationRecords.products');
  const { records: products, notice, actionError, busyId, applyChange, runRowAction } = useRecordChanges({
    initial,
    reload: async () => {
      const { ok, body } = await callStaffApi<{ products: ProductView[] }>('/api/admin/products');
      return ok && body?.products ? body.products : null;
    },
    failedMessage: t('saveFailed'),
  });
  const [editing, setEditing] = useState<ProductView | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const hasActive = products.some((p) => p.isActive);

  const save = async (path: string, method: 'POST' | 'PATCH' | 'DELETE', values?: unknown): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<ProductChangeResult>(path, { method, body: values });
    if (!ok || !body?.product) return toRefusal(body);
    await applyChange(t(`notices.${body.kind}`, { name: body.product.name }));
    return { ok: true };
  };

  const act = (product: ProductView, action: 'retire' | 'reactivate' | 'delete') => runRowAction(product.id, () => (action === 'delete'
    ? save(`/api/admin/products/${product.id}`, 'DELETE')
    : save(`/api/admin/products/${product.id}`, 'PATCH', { isActive: action === 'reactivate' })));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <RecordListSection
        titleId="products-list-title"
        title={t('listTitle')}
        notice={notice}
        error={actionError}
        warning={hasActive ? null : t(products.length === 0 ? 'empty' : 'noneActive')}
      >
        {products.map((product) => (
          <RecordRow
            key={product.id}
            testId="product-row"
            name={product.name}
            isActive={product.isActive}
            stateLabel={t(product.isActive ? 'active' : 'retired')}
            actions={(
              <>
                <RecordActionButton label={t('edit')} recordName={product.name} onClick={() => setEditing(product)} />
                <ActiveToggleButton
                  isActive={product.isActive}
                  recordName={product.name}
                  deactivateLabel={t('retire')}
                  reactivateLabel={t('reactivate')}
                  busy={busyId === product.id}
                  onDeactivate={() => setConfirming({ product, action: 'retire' })}
                  onReactivate={() => void act(product, 'reactivate')}
                />
                {product.recordCount === 0 ? (
                  <RecordActionButton label={t('delete')} recordName={product.name} disabled={busyId === product.id} onClick={() => setConfirming({ product, action: 'delete' })} />
                ) : null}
              </>
            )}
          >
            <p className="text-sm text-gray-700">{t('pcpLine', { number: product.pcpNumber })}</p>
            <ProductUnitLine unit={product.unit} />
            <p className="text-sm text-gray-700">{t('recordsLine', { count: product.recordCount })}</p>
          </RecordRow>
        ))}
      </RecordListSection>

      <AddRecordCard titleId="product-add-title" title={t('addTitle')} intro={t('addIntro')}>
        <ProductForm
          initial={BLANK}
          submitLabel={t('add')}
          resetOnSuccess
          labelledBy="product-add-title"
          onSave={(values: ProductInput) => save('/api/admin/products', 'POST', values)}
        />
      </AddRecordCard>

      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={t('editTitle', { name: editing?.name ?? '' })} description={t('editDescription')} closeLabel={t('close')}>
        {editing ? (
          <ProductForm
            initial={{ name: editing.name, pcpNumber: editing.pcpNumber, unit: editing.unit }}
            submitLabel={t('save')}
            onCancel={() => setEditing(null)}
            onSave={(values: ProductInput) => closeOnSuccess(save(`/api/admin/products/${editing.id}`, 'PATCH', values), () => setEditing(null))}
          />
        ) : null}
      </FormDialog>

      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? t(confirming.action === 'retire' ? 'retireTitle' : 'deleteTitle', { name: confirming.product.name }) : ''}
        cancelLabel={t('cancel')}
        confirmLabel={t(confirming?.action === 'delete' ? 'deleteConfirm' : 'retireConfirm')}
        onConfirm={() => { if (confirming) void act(confirming.product, confirming.action); }}
      >
        {confirming ? <p>{t(confirming.action === 'retire' ? 'retireBody' : 'deleteBody', { name: confirming.product.name })}</p> : null}
      </ConfirmDialog>
    </div>
  );
}

function ProductUnitLine({ unit }: { unit: string }) {
  const t = useTranslations('applicationRecords');
  return <p className="text-sm text-gray-700">{t('products.unitLine', { unit: t(`units.${unit}`) })}</p>;
}
