'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmDialog, FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import type { ProductInput } from '../product.schema';
import type { ProductChangeResult, ProductView } from '../product.service';
import type { SaveOutcome } from '@/components/ui/form-outcome';
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
  const [products, setProducts] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<ProductView | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const hasActive = products.some((p) => p.isActive);

  const reload = async () => {
    const { ok, body } = await callStaffApi<{ products: ProductView[] }>('/api/admin/products');
    if (ok && body?.products) setProducts(body.products);
  };

  const save = async (path: string, method: 'POST' | 'PATCH' | 'DELETE', values?: unknown): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<ProductChangeResult>(path, { method, body: values });
    if (ok && body?.product) {
      setNotice(t(`notices.${body.kind}`, { name: body.product.name }));
      setActionError(null);
      await reload();
      return { ok: true };
    }
    return { ok: false, message: body?.message ?? null, fields: body?.fields };
  };

  const act = async (product: ProductView, action: 'retire' | 'reactivate' | 'delete') => {
    setBusyId(product.id);
    const outcome = action === 'delete'
      ? await save(`/api/admin/products/${product.id}`, 'DELETE')
      : await save(`/api/admin/products/${product.id}`, 'PATCH', { isActive: action === 'reactivate' });
    setBusyId(null);
    if (!outcome.ok) setActionError(outcome.message ?? t('saveFailed'));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <section aria-labelledby="products-list-title" className="space-y-4">
        <h2 id="products-list-title" className="text-xl font-semibold">{t('listTitle')}</h2>
        <div role="status" aria-live="polite">
          {notice ? <p className="rounded-lg border border-leaf-700/30 bg-green-50 p-4 text-sm font-medium text-gray-900">{notice}</p> : null}
        </div>
        {actionError ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">{actionError}</p> : null}
        {!hasActive ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">{t(products.length === 0 ? 'empty' : 'noneActive')}</p>
        ) : null}
        <ul className="space-y-3" aria-labelledby="products-list-title">
          {products.map((product) => (
            <li key={product.id} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="product-row">
              <div className="min-w-0 space-y-1">
                <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  <span className="break-words">{product.name}</span>
                  <Badge variant={product.isActive ? 'default' : 'secondary'}>{t(product.isActive ? 'active' : 'retired')}</Badge>
                </h3>
                <p className="text-sm text-gray-700">{t('pcpLine', { number: product.pcpNumber })}</p>
                <ProductUnitLine unit={product.unit} />
                <p className="text-sm text-gray-700">{t('recordsLine', { count: product.recordCount })}</p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <RecordActionButton label={t('edit')} recordName={product.name} onClick={() => setEditing(product)} />
                {product.isActive ? (
                  <RecordActionButton label={t('retire')} recordName={product.name} disabled={busyId === product.id} onClick={() => setConfirming({ product, action: 'retire' })} />
                ) : (
                  <RecordActionButton label={t('reactivate')} recordName={product.name} primary disabled={busyId === product.id} onClick={() => void act(product, 'reactivate')} />
                )}
                {product.recordCount === 0 ? (
                  <RecordActionButton label={t('delete')} recordName={product.name} disabled={busyId === product.id} onClick={() => setConfirming({ product, action: 'delete' })} />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Card>
        <CardHeader>
          <h2 id="product-add-title" className="text-xl font-semibold leading-tight">{t('addTitle')}</h2>
          <p className="text-sm text-gray-600">{t('addIntro')}</p>
        </CardHeader>
        <CardContent>
          <ProductForm
            initial={BLANK}
            submitLabel={t('add')}
            resetOnSuccess
            labelledBy="product-add-title"
            onSave={(values: ProductInput) => save('/api/admin/products', 'POST', values)}
          />
        </CardContent>
      </Card>

      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={t('editTitle', { name: editing?.name ?? '' })} description={t('editDescription')} closeLabel={t('close')}>
        {editing ? (
          <ProductForm
            initial={{ name: editing.name, pcpNumber: editing.pcpNumber, unit: editing.unit }}
            submitLabel={t('save')}
            onCancel={() => setEditing(null)}
            onSave={async (values: ProductInput) => {
              const outcome = await save(`/api/admin/products/${editing.id}`, 'PATCH', values);
              if (outcome.ok) setEditing(null);
              return outcome;
            }}
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
