/**
 * Kosovo's 38 municipalities. The Albanian name is the answer value the survey stores (and the
 * asset's `municipality`); English and Serbian (Latin script) names are the option descriptions.
 * `lat`/`lng` is the municipal seat; `radiusKm` keeps generated points near it and inside the
 * municipality, so small ones (Mamushë, Partesh, Mitrovica e Veriut) get a small radius.
 */
export type Municipality = {
  xk: string;
  en: string;
  sr: string;
  lat: number;
  lng: number;
  radiusKm: number;
  /** Where most residents are Serbian or Turkish, generic demo items use that community's names. */
  community?: 'serb' | 'turkish';
  /** Real villages or quarters, used for generated demo items. */
  villages: readonly string[];
};

// One place per line reads as a table.
// prettier-ignore
export const KOSOVO_MUNICIPALITIES: readonly Municipality[] = [
  { xk: 'Prishtinë', en: 'Pristina', sr: 'Priština', lat: 42.6629, lng: 21.1655, radiusKm: 6, villages: ['Marevc', 'Sofali', 'Hajvali', 'Mramor', 'Keqekollë', 'Bërnicë'] },
  { xk: 'Prizren', en: 'Prizren', sr: 'Prizren', lat: 42.2139, lng: 20.7397, radiusKm: 7, villages: ['Zym', 'Gjonaj', 'Skorobisht', 'Reçan', 'Lubizhdë', 'Mushnikovë'] },
  { xk: 'Pejë', en: 'Peja', sr: 'Peć', lat: 42.6593, lng: 20.2887, radiusKm: 6, villages: ['Vitomiricë', 'Kuqishtë', 'Drelaj', 'Shtupeq', 'Raushiq', 'Lugu i Baranit'] },
  { xk: 'Gjakovë', en: 'Gjakova', sr: 'Đakovica', lat: 42.3803, lng: 20.4308, radiusKm: 6, villages: ['Rogovë', 'Ponoshec', 'Guskë', 'Bec', 'Skivjan', 'Ramoc'] },
  { xk: 'Ferizaj', en: 'Ferizaj', sr: 'Uroševac', lat: 42.3702, lng: 21.1553, radiusKm: 6, villages: ['Nerodime', 'Talinoc', 'Softaj', 'Gaçkë', 'Pleshinë'] },
  { xk: 'Gjilan', en: 'Gjilan', sr: 'Gnjilane', lat: 42.4635, lng: 21.4694, radiusKm: 6, villages: ['Livoç', 'Zhegër', 'Përlepnicë', 'Velekincë', 'Pogragjë'] },
  { xk: 'Mitrovicë', en: 'South Mitrovica', sr: 'Južna Mitrovica', lat: 42.88, lng: 20.869, radiusKm: 4, villages: ['Shipol', 'Vaganicë', 'Shupkovc', 'Koshtovë'] },
  { xk: 'Vushtrri', en: 'Vushtrri', sr: 'Vučitrn', lat: 42.8231, lng: 20.9675, radiusKm: 6, villages: ['Pestovë', 'Stanovc', 'Samadrexhë', 'Smrekovnicë'] },
  { xk: 'Podujevë', en: 'Podujevo', sr: 'Podujevo', lat: 42.9106, lng: 21.1934, radiusKm: 7, villages: ['Lluzhan', 'Sfeçël', 'Bradash', 'Orllan', 'Dobratin'] },
  { xk: 'Suharekë', en: 'Suhareka', sr: 'Suva Reka', lat: 42.358, lng: 20.825, radiusKm: 6, villages: ['Mushtisht', 'Budakovë', 'Sopijë', 'Studençan', 'Bllacë'] },
  { xk: 'Rahovec', en: 'Rahovec', sr: 'Orahovac', lat: 42.3992, lng: 20.6547, radiusKm: 6, villages: ['Hoçë e Madhe', 'Ratkoc', 'Xërxë', 'Krusha e Madhe', 'Drenoc'] },
  { xk: 'Drenas', en: 'Drenas', sr: 'Glogovac', lat: 42.6244, lng: 20.8936, radiusKm: 6, villages: ['Korroticë', 'Gllobar', 'Likoshan', 'Qirez', 'Vasilevë'] },
  { xk: 'Lipjan', en: 'Lipjan', sr: 'Lipljan', lat: 42.5217, lng: 21.1258, radiusKm: 6, villages: ['Janjevë', 'Magure', 'Shalë', 'Slovi', 'Banullë'] },
  { xk: 'Malishevë', en: 'Malisheva', sr: 'Mališevo', lat: 42.4828, lng: 20.7458, radiusKm: 6, villages: ['Banjë', 'Kijevë', 'Carrallukë', 'Turjakë', 'Pagarushë'] },
  { xk: 'Kamenicë', en: 'Kamenica', sr: 'Kamenica', lat: 42.5781, lng: 21.5803, radiusKm: 6, villages: ['Hogosht', 'Koretin', 'Rogaçicë', 'Ropotovë'] },
  { xk: 'Viti', en: 'Viti', sr: 'Vitina', lat: 42.3214, lng: 21.3583, radiusKm: 5, villages: ['Binçë', 'Smirë', 'Pozharan', 'Ramjan', 'Sadovinë'] },
  { xk: 'Deçan', en: 'Deçan', sr: 'Dečani', lat: 42.5402, lng: 20.288, radiusKm: 5, villages: ['Isniq', 'Strellc', 'Baballoq', 'Gllogjan', 'Lumbardh'] },
  { xk: 'Istog', en: 'Istog', sr: 'Istok', lat: 42.7808, lng: 20.4875, radiusKm: 6, villages: ['Gurrakoc', 'Vrellë', 'Dobrushë', 'Llukavc', 'Banjë'] },
  { xk: 'Klinë', en: 'Klina', sr: 'Klina', lat: 42.6217, lng: 20.5778, radiusKm: 6, villages: ['Dollc', 'Grabanicë', 'Volljakë', 'Gjurgjevik', 'Budisallc'] },
  { xk: 'Skenderaj', en: 'Skenderaj', sr: 'Srbica', lat: 42.7467, lng: 20.7886, radiusKm: 6, villages: ['Prekaz', 'Likovc', 'Polac', 'Izbicë', 'Runik'] },
  { xk: 'Dragash', en: 'Dragash', sr: 'Dragaš', lat: 42.0265, lng: 20.6533, radiusKm: 5, villages: ['Brod', 'Restelicë', 'Krushevë', 'Bresanë', 'Zaplluxhë', 'Kuk'] },
  { xk: 'Fushë Kosovë', en: 'Fushë Kosova', sr: 'Kosovo Polje', lat: 42.6381, lng: 21.0961, radiusKm: 3, villages: ['Bardh i Madh', 'Kuzmin', 'Pomozotin', 'Lismir'] },
  { xk: 'Kaçanik', en: 'Kaçanik', sr: 'Kačanik', lat: 42.2319, lng: 21.2594, radiusKm: 4, villages: ['Kotlinë', 'Stagovë', 'Ivajë', 'Doganaj'] },
  { xk: 'Shtime', en: 'Shtime', sr: 'Štimlje', lat: 42.4331, lng: 21.0397, radiusKm: 4, villages: ['Petrovë', 'Rashincë', 'Muzeqinë', 'Godanc'] },
  { xk: 'Obiliq', en: 'Obiliq', sr: 'Obilić', lat: 42.6869, lng: 21.0703, radiusKm: 4, villages: ['Plemetin', 'Milloshevë', 'Hamidi', 'Babimoc'] },
  { xk: 'Novobërdë', en: 'Novo Brdo', sr: 'Novo Brdo', lat: 42.6117, lng: 21.4214, radiusKm: 4, villages: ['Bostan', 'Kllobukar', 'Llabjan', 'Koretishtë'] },
  { xk: 'Shtërpcë', en: 'Shtërpcë', sr: 'Štrpce', lat: 42.2394, lng: 21.0272, radiusKm: 4, community: 'serb', villages: ['Sevcë', 'Jazhincë', 'Brezovicë', 'Viçë', 'Gotovushë'] },
  { xk: 'Junik', en: 'Junik', sr: 'Junik', lat: 42.4761, lng: 20.2775, radiusKm: 2, villages: ['Junik', 'Gjocaj', 'Jasiq'] },
  { xk: 'Hani i Elezit', en: 'Hani i Elezit', sr: 'Elez Han', lat: 42.1497, lng: 21.2967, radiusKm: 1.2, villages: ['Dimcë', 'Paldenicë', 'Seçishtë', 'Gorancë'] },
  { xk: 'Mamushë', en: 'Mamusha', sr: 'Mamuša', lat: 42.3225, lng: 20.7253, radiusKm: 1.5, community: 'turkish', villages: ['Mamushë'] },
  { xk: 'Graçanicë', en: 'Gračanica', sr: 'Gračanica', lat: 42.6003, lng: 21.1936, radiusKm: 3, community: 'serb', villages: ['Llapnasellë', 'Preoc', 'Batusë', 'Çagllavicë'] },
  { xk: 'Ranillug', en: 'Ranilug', sr: 'Ranilug', lat: 42.4919, lng: 21.5986, radiusKm: 2.5, community: 'serb', villages: ['Ranillug', 'Bozhevc', 'Domoroc'] },
  { xk: 'Partesh', en: 'Partesh', sr: 'Parteš', lat: 42.4031, lng: 21.4331, radiusKm: 1.5, community: 'serb', villages: ['Partesh', 'Pasjak', 'Budrikë e Epërme'] },
  { xk: 'Kllokot', en: 'Klokot', sr: 'Klokot', lat: 42.3689, lng: 21.3753, radiusKm: 1.5, community: 'serb', villages: ['Kllokot', 'Vërboc', 'Mogillë'] },
  { xk: 'Zubin Potok', en: 'Zubin Potok', sr: 'Zubin Potok', lat: 42.9144, lng: 20.6897, radiusKm: 5, community: 'serb', villages: ['Zupç', 'Çabër', 'Banjë', 'Jasenovik'] },
  { xk: 'Zveçan', en: 'Zvečan', sr: 'Zvečan', lat: 42.9075, lng: 20.8403, radiusKm: 3, community: 'serb', villages: ['Boletin', 'Banjskë', 'Zhazhë', 'Lipë'] },
  { xk: 'Leposaviq', en: 'Leposavić', sr: 'Leposavić', lat: 43.1039, lng: 20.8028, radiusKm: 6, community: 'serb', villages: ['Soçanicë', 'Lesak', 'Dren', 'Bellobrad'] },
  { xk: 'Mitrovica e Veriut', en: 'North Mitrovica', sr: 'Severna Mitrovica', lat: 42.895, lng: 20.866, radiusKm: 1.5, community: 'serb', villages: ['Suhodoll', 'Zhabar i Epërm', 'Lagja e Boshnjakëve'] },
];
