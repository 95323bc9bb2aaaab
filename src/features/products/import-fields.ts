/**
 * The columns of a product CSV import: which field each feeds, how its cells are read and which
 * header names (German and English, as `normalizeHeader` writes them) suggest it. Lengths are the
 * contract's (ProductImportRow).
 */
import type { ImportFieldSpec } from '../../lib/csv/mapping';

export type ProductImportField = 'name' | 'ean' | 'unit' | 'netPrice' | 'vatRate' | 'stock';

export const productImportFields: readonly ImportFieldSpec<ProductImportField>[] = [
  {
    key: 'name',
    kind: 'text',
    maxLength: 200,
    synonyms: ['bezeichnung', 'artikelbezeichnung', 'artikelname', 'produktname', 'name', 'artikel', 'produkt', 'material', 'productname', 'product', 'description', 'beschreibung', 'item'],
  },
  { key: 'ean', kind: 'ean', maxLength: 14, synonyms: ['ean', 'ean13', 'eancode', 'gtin', 'barcode', 'strichcode', 'upc'] },
  { key: 'unit', kind: 'text', maxLength: 20, synonyms: ['einheit', 'mengeneinheit', 'me', 'unit', 'uom', 'unitofmeasure'] },
  {
    key: 'netPrice',
    kind: 'decimal',
    synonyms: ['nettopreis', 'vknetto', 'preisnetto', 'netto', 'preis', 'vk', 'vkpreis', 'verkaufspreis', 'einzelpreis', 'netprice', 'price', 'unitprice'],
  },
  { key: 'vatRate', kind: 'vatRate', synonyms: ['mwst', 'mwstsatz', 'ust', 'ustsatz', 'mehrwertsteuer', 'steuersatz', 'steuer', 'vat', 'vatrate', 'taxrate', 'tax'] },
  { key: 'stock', kind: 'decimal', synonyms: ['bestand', 'lagerbestand', 'lager', 'menge', 'stock', 'quantity', 'qty', 'inventory'] },
];
