import type { DatasetKey } from './demo-datasets';

/**
 * Real heritage places of Kosovo with approximate coordinates (public knowledge: the Ministry of
 * Culture's heritage lists, encyclopaedias, maps). Precision is a few hundred metres at best, which
 * is enough for a demo map; nothing here is an official record.
 * `type` and `period` are option values of the demo survey; `year` is negative before the common era.
 */
export type HeritageSite = {
  name: string;
  dataset: DatasetKey;
  type: string;
  municipality: string;
  village: string;
  lat: number;
  lng: number;
  period: string;
  year?: number;
};

const site = (
  dataset: DatasetKey,
  name: string,
  type: string,
  municipality: string,
  village: string,
  lat: number,
  lng: number,
  period: string,
  year?: number,
): HeritageSite => ({
  name,
  dataset,
  type,
  municipality,
  village,
  lat,
  lng,
  period,
  ...(year === undefined ? {} : { year }),
});

const OTTOMAN = 'Periudha osmane';
const MEDIEVAL = 'Mesjeta';
const ANTIQUITY = 'Antikiteti';
const PREHISTORY = 'Parahistoria';
const XX = 'Shekulli XX';
const NOW = 'Bashkëkohore';

// One place per line reads as a table.
// prettier-ignore
export const HERITAGE_SITES: readonly HeritageSite[] = [
  // Monuments
  site('monuments', 'Kompleksi i Lidhjes Shqiptare të Prizrenit', 'Monument përkujtimor', 'Prizren', 'Marash', 42.2105, 20.7355, OTTOMAN, 1878),
  site('monuments', 'Hamami i Gazi Mehmet Pashës', 'Hamam', 'Prizren', 'Qendra historike', 42.2087, 20.7427, OTTOMAN, 1574),
  site('monuments', 'Ura e Gurit, Prizren', 'Urë', 'Prizren', 'Qendra historike', 42.2093, 20.7398, OTTOMAN),
  site('monuments', 'Xhamia e Sinan Pashës', 'Xhami', 'Prizren', 'Qendra historike', 42.2094, 20.7415, OTTOMAN, 1615),
  site('monuments', 'Kisha e Shën Premtes (Bogorodica Ljeviška)', 'Kishë', 'Prizren', 'Qendra historike', 42.2114, 20.7368, MEDIEVAL, 1307),
  site('monuments', 'Xhamia e Mehmet Pashës (Bajrakli), Prizren', 'Xhami', 'Prizren', 'Qendra historike', 42.2082, 20.7392, OTTOMAN, 1561),
  site('monuments', 'Manastiri i Kryeengjëjve të Shenjtë', 'Manastir', 'Prizren', 'Lumbardhi', 42.2012, 20.7622, MEDIEVAL, 1352),
  site('monuments', 'Manastiri i Deçanit (Visoki Dečani)', 'Manastir', 'Deçan', 'Deçan', 42.5466, 20.2661, MEDIEVAL, 1335),
  site('monuments', 'Kulla e Jakup Ferrit', 'Kullë', 'Deçan', 'Isniq', 42.565, 20.306, OTTOMAN),
  site('monuments', 'Patrikana e Pejës', 'Manastir', 'Pejë', 'Patrikana', 42.6648, 20.2656, MEDIEVAL),
  site('monuments', 'Xhamia Bajrakli, Pejë', 'Xhami', 'Pejë', 'Çarshia', 42.6592, 20.2898, OTTOMAN, 1471),
  site('monuments', 'Mulliri i Haxhi Zekës', 'Mulli', 'Pejë', 'Qendra', 42.6553, 20.2935, OTTOMAN),
  site('monuments', 'Hamami i Haxhi Beut', 'Hamam', 'Pejë', 'Çarshia', 42.6596, 20.2907, OTTOMAN),
  site('monuments', 'Kulla e Sahatit, Pejë', 'Kullë sahati', 'Pejë', 'Çarshia', 42.659, 20.2893, OTTOMAN),
  site('monuments', 'Kompleksi Memorial Adem Jashari', 'Monument përkujtimor', 'Skenderaj', 'Prekaz', 42.764, 20.76, NOW, 1998),
  site('monuments', 'Manastiri i Deviçit', 'Manastir', 'Skenderaj', 'Deviç', 42.7356, 20.8061, MEDIEVAL),
  site('monuments', 'Manastiri i Graçanicës', 'Manastir', 'Graçanicë', 'Graçanicë', 42.5988, 21.1936, MEDIEVAL, 1321),
  site('monuments', 'Xhamia e Mbretit (Fatih)', 'Xhami', 'Prishtinë', 'Qendra historike', 42.6695, 21.1646, OTTOMAN, 1461),
  site('monuments', 'Kulla e Sahatit, Prishtinë', 'Kullë sahati', 'Prishtinë', 'Qendra historike', 42.67, 21.165, OTTOMAN),
  site('monuments', 'Muzeu Etnologjik (Kompleksi Emin Gjiku)', 'Shtëpi tradicionale', 'Prishtinë', 'Qendra historike', 42.6711, 21.166, OTTOMAN),
  site('monuments', 'Xhamia e Jashar Pashës', 'Xhami', 'Prishtinë', 'Qendra historike', 42.6693, 21.166, OTTOMAN, 1834),
  site('monuments', 'Hamami i Madh, Prishtinë', 'Hamam', 'Prishtinë', 'Qendra historike', 42.6699, 21.1654, OTTOMAN),
  site('monuments', 'Biblioteka Kombëtare e Kosovës', 'Qendër kulturore', 'Prishtinë', 'Kodra e Trimave', 42.6575, 21.1627, XX, 1982),
  site('monuments', 'Monumenti Newborn', 'Monument përkujtimor', 'Prishtinë', 'Qendra', 42.6583, 21.158, NOW, 2008),
  site('monuments', 'Xhamia e Hadumit', 'Xhami', 'Gjakovë', 'Çarshia e Madhe', 42.3814, 20.4279, OTTOMAN, 1594),
  site('monuments', 'Teqja e Madhe, Gjakovë', 'Teqe', 'Gjakovë', 'Çarshia e Madhe', 42.3808, 20.427, OTTOMAN),
  site('monuments', 'Ura e Terzive', 'Urë', 'Gjakovë', 'Bishtazhin', 42.3567, 20.485, OTTOMAN),
  site('monuments', 'Ura e Tabakëve', 'Urë', 'Gjakovë', 'Qendra', 42.3775, 20.4262, OTTOMAN),
  site('monuments', 'Kulla e Sahatit, Gjakovë', 'Kullë sahati', 'Gjakovë', 'Çarshia e Madhe', 42.3822, 20.4287, OTTOMAN),
  site('monuments', 'Kullat e Junikut', 'Kullë', 'Junik', 'Junik', 42.4757, 20.2783, OTTOMAN),
  site('monuments', 'Xhamia e Koca Sinan Pashës, Kaçanik', 'Xhami', 'Kaçanik', 'Kaçanik', 42.2294, 21.2581, OTTOMAN, 1594),
  site('monuments', 'Kisha e Zojës së Letnicës', 'Kishë', 'Viti', 'Letnicë', 42.2703, 21.4583, XX, 1866),
  site('monuments', 'Xhamia e Madhe dhe Kisha e Shën Uroshit, Ferizaj', 'Xhami', 'Ferizaj', 'Qendra', 42.3706, 21.1555, XX, 1891),
  site('monuments', 'Manastiri i Banjskës', 'Manastir', 'Zveçan', 'Banjskë', 42.9875, 20.7908, MEDIEVAL, 1316),
  site('monuments', 'Kulla e Isa Boletinit', 'Kullë', 'Zveçan', 'Boletin', 42.9378, 20.8058, OTTOMAN),
  site('monuments', 'Monumenti i Minatorëve', 'Monument përkujtimor', 'Mitrovica e Veriut', 'Kodra e Minatorëve', 42.899, 20.862, XX, 1973),
  site('monuments', 'Ura e Ibrit', 'Urë', 'Mitrovicë', 'Qendra', 42.8903, 20.867, XX),
  site('monuments', 'Hamami i Mitrovicës', 'Hamam', 'Mitrovicë', 'Qendra', 42.8875, 20.866, OTTOMAN),
  site('monuments', 'Ura e Gurit (Ura e Vjetër), Vushtrri', 'Urë', 'Vushtrri', 'Ura e Vjetër', 42.8178, 20.9578, OTTOMAN),
  site('monuments', 'Hamami i Vushtrrisë', 'Hamam', 'Vushtrri', 'Qendra', 42.8238, 20.969, OTTOMAN),
  site('monuments', 'Monumenti i Gazimestanit', 'Monument përkujtimor', 'Obiliq', 'Gazimestan', 42.6864, 21.121, XX, 1953),
  site('monuments', 'Tyrbja e Sulltan Muratit', 'Tyrbe', 'Obiliq', 'Mazgit', 42.6953, 21.1158, OTTOMAN),
  site('monuments', 'Xhamia e Atikut, Gjilan', 'Xhami', 'Gjilan', 'Qendra', 42.463, 21.468, OTTOMAN),
  // Archaeological sites
  site('archaeology', 'Kalaja e Prizrenit (Kalaja)', 'Kala', 'Prizren', 'Kalaja', 42.21, 20.744, MEDIEVAL),
  site('archaeology', 'Ulpiana', 'Vendbanim arkeologjik', 'Graçanicë', 'Ulpianë', 42.5965, 21.1759, ANTIQUITY),
  site('archaeology', 'Kalaja e Novobërdës (Artana)', 'Kala', 'Novobërdë', 'Novobërdë', 42.6147, 21.4312, MEDIEVAL),
  site('archaeology', 'Vendenis (Vindenis)', 'Vendbanim arkeologjik', 'Podujevë', 'Gllamnik', 42.866, 21.1832, ANTIQUITY),
  site('archaeology', 'Municipium Dardanorum', 'Vendbanim arkeologjik', 'Leposaviq', 'Soçanicë', 43.0506, 20.8347, ANTIQUITY),
  site('archaeology', 'Kalaja e Zveçanit', 'Kala', 'Zveçan', 'Zveçan', 42.9103, 20.83, MEDIEVAL),
  site('archaeology', 'Kalaja e Vushtrrisë', 'Kala', 'Vushtrri', 'Qendra', 42.825, 20.9694, MEDIEVAL),
  site('archaeology', 'Kalaja e Harilaqit', 'Kala', 'Fushë Kosovë', 'Harilaq', 42.6254, 21.0442, ANTIQUITY),
  site('archaeology', 'Kalaja e Vlashnjës', 'Kala', 'Prizren', 'Vlashnjë', 42.1989, 20.6583, ANTIQUITY),
  site('archaeology', 'Tumat ilire të Romajës', 'Nekropol', 'Prizren', 'Romajë', 42.2286, 20.5958, PREHISTORY),
  site('archaeology', 'Vendbanimi neolitik i Runikut', 'Vendbanim arkeologjik', 'Skenderaj', 'Runik', 42.7594, 20.7081, PREHISTORY, -6000),
  site('archaeology', 'Tjerrtorja', 'Vendbanim arkeologjik', 'Prishtinë', 'Tjerrtorja', 42.6537, 21.1681, PREHISTORY, -4500),
  site('archaeology', 'Vendbanimi neolitik i Valaçit', 'Vendbanim arkeologjik', 'Zveçan', 'Valaç', 42.9183, 20.8167, PREHISTORY),
  site('archaeology', 'Vila romake e Dresnikut', 'Vendbanim arkeologjik', 'Klinë', 'Dresnik', 42.6153, 20.5336, ANTIQUITY),
  site('archaeology', 'Kalaja e Pogragjës', 'Kala', 'Gjilan', 'Pogragjë', 42.4439, 21.5322, ANTIQUITY),
  site('archaeology', 'Vendbanimi neolitik i Gadimes', 'Vendbanim arkeologjik', 'Lipjan', 'Gadimë e Ulët', 42.4742, 21.1897, PREHISTORY),
  // Cultural events
  site('events', 'DokuFest – Festivali Ndërkombëtar i Filmit Dokumentar', 'Festival', 'Prizren', 'Shadërvan', 42.2095, 20.7402, NOW, 2002),
  site('events', 'Kosovo Jazz Festival', 'Festival', 'Prishtinë', 'Teatri Kombëtar', 42.6608, 21.1616, NOW, 2004),
  site('events', 'PriFest – Festivali Ndërkombëtar i Filmit i Prishtinës', 'Festival', 'Prishtinë', 'Qendra', 42.662, 21.16, NOW, 2009),
  site('events', 'Skena Up – Festivali i Filmit dhe Teatrit Studentor', 'Festival', 'Prishtinë', 'Qendra', 42.66, 21.161, NOW, 2008),
  site('events', 'Polip – Festivali Ndërkombëtar i Letërsisë', 'Festival', 'Prishtinë', 'Qendra', 42.6635, 21.1628, NOW, 2012),
  site('events', 'DAM Festival', 'Festival', 'Prishtinë', 'Qendra', 42.659, 21.1605, NOW, 2006),
  site('events', 'Anibar – Festivali Ndërkombëtar i Animacionit', 'Festival', 'Pejë', 'Qendra', 42.659, 20.2888, NOW, 2010),
  site('events', 'Flaka e Janarit', 'Festival', 'Gjilan', 'Qendra', 42.4622, 21.4683, XX, 1977),
  site('events', 'Festivali i Domates', 'Manifestim tradicional', 'Mamushë', 'Mamushë', 42.3225, 20.7253, NOW),
  site('events', 'Festivali i Verës, Rahovec', 'Manifestim tradicional', 'Rahovec', 'Qendra', 42.3995, 20.655, NOW),
  // Landscapes
  site('landscapes', 'Gryka e Rugovës', 'Grykë', 'Pejë', 'Rugovë', 42.6778, 20.2022, PREHISTORY),
  site('landscapes', 'Ujëvarat e Mirushës', 'Ujëvarë', 'Malishevë', 'Mirushë', 42.5225, 20.5786, PREHISTORY),
  site('landscapes', 'Shpella e Gadimes', 'Shpellë', 'Lipjan', 'Gadimë e Epërme', 42.4822, 21.2044, PREHISTORY),
  site('landscapes', 'Malet e Sharrit – Brezovica', 'Mal', 'Shtërpcë', 'Brezovicë', 42.215, 21.017, PREHISTORY),
  site('landscapes', 'Malet e Sharrit – Opoja dhe Gora', 'Mal', 'Dragash', 'Restelicë', 41.964, 20.649, PREHISTORY),
  site('landscapes', 'Maja e Gjeravicës', 'Mal', 'Deçan', 'Bjeshkët e Nemuna', 42.5333, 20.1333, PREHISTORY),
  site('landscapes', 'Shpella e Radavcit', 'Shpellë', 'Pejë', 'Radavc', 42.7427, 20.2458, PREHISTORY),
  site('landscapes', 'Burimi i Drinit të Bardhë', 'Burim', 'Pejë', 'Radavc', 42.744, 20.245, PREHISTORY),
  site('landscapes', 'Burimi i Istogut', 'Burim', 'Istog', 'Istog', 42.7833, 20.4853, PREHISTORY),
  site('landscapes', 'Liqeni i Ujmanit (Gazivoda)', 'Liqen', 'Zubin Potok', 'Ujman', 42.93, 20.62, XX, 1977),
  site('landscapes', 'Liqeni i Batllavës', 'Liqen', 'Podujevë', 'Batllavë', 42.8375, 21.3083, XX, 1965),
  site('landscapes', 'Gryka e Kaçanikut', 'Grykë', 'Hani i Elezit', 'Gryka', 42.18, 21.285, PREHISTORY),
  site('landscapes', 'Kanioni i Drinit të Bardhë – Ura e Fshejtë', 'Grykë', 'Prizren', 'Ura e Fshejtë', 42.2503, 20.5536, PREHISTORY),
  site('landscapes', 'Vreshtat e Rahovecit', 'Mal', 'Rahovec', 'Rahovec', 42.41, 20.67, ANTIQUITY),
  site('landscapes', 'Lugina e Lumbardhit të Deçanit', 'Grykë', 'Deçan', 'Lumbardh', 42.55, 20.24, PREHISTORY),
  // Public spaces
  site('publicSpaces', 'Sheshi Skënderbeu', 'Shesh', 'Prishtinë', 'Qendra', 42.6617, 21.1626, NOW),
  site('publicSpaces', 'Sheshi Zahir Pajaziti', 'Shesh', 'Prishtinë', 'Qendra', 42.6636, 21.164, NOW),
  site('publicSpaces', 'Bulevardi Nëna Terezë', 'Rrugë historike', 'Prishtinë', 'Qendra', 42.66, 21.1612, XX),
  site('publicSpaces', 'Parku i Gërmisë', 'Park', 'Prishtinë', 'Gërmia', 42.6745, 21.213, XX),
  site('publicSpaces', 'Parku i Qytetit, Prishtinë', 'Park', 'Prishtinë', 'Qendra', 42.6705, 21.1705, XX),
  site('publicSpaces', 'Shadërvani', 'Shesh', 'Prizren', 'Shadërvan', 42.2093, 20.7402, OTTOMAN),
  site('publicSpaces', 'Çarshia e Madhe, Gjakovë', 'Çarshi', 'Gjakovë', 'Çarshia e Madhe', 42.382, 20.4263, OTTOMAN),
  site('publicSpaces', 'Çarshia e Gjatë, Pejë', 'Çarshi', 'Pejë', 'Çarshia', 42.6598, 20.2901, OTTOMAN),
  site('publicSpaces', 'Sheshi Adem Jashari, Mitrovicë', 'Shesh', 'Mitrovicë', 'Qendra', 42.886, 20.868, NOW),
  site('publicSpaces', 'Sheshi Mulla Idrizi, Gjilan', 'Shesh', 'Gjilan', 'Qendra', 42.4637, 21.4697, NOW),
  site('publicSpaces', 'Sheshi i Ferizajt', 'Shesh', 'Ferizaj', 'Qendra', 42.37, 21.155, NOW),
  // Creative industry
  site('creative', 'Muzeu i Kosovës', 'Muze', 'Prishtinë', 'Qendra historike', 42.6697, 21.164, OTTOMAN, 1898),
  site('creative', 'Galeria Kombëtare e Kosovës', 'Galeri', 'Prishtinë', 'Qendra', 42.659, 21.1625, XX, 1979),
  site('creative', 'Teatri Kombëtar i Kosovës', 'Teatër', 'Prishtinë', 'Qendra', 42.6608, 21.1616, XX, 1946),
  site('creative', 'Kinema ABC', 'Kinema', 'Prishtinë', 'Qendra', 42.6589, 21.1597, XX),
  site('creative', 'Teatri Oda', 'Teatër', 'Prishtinë', 'Qendra', 42.6582, 21.1577, NOW, 2002),
  site('creative', 'Stacion – Qendra për Art Bashkëkohor', 'Galeri', 'Prishtinë', 'Qendra', 42.6625, 21.1645, NOW, 2006),
  site('creative', 'Kinema Lumbardhi', 'Kinema', 'Prizren', 'Qendra', 42.2102, 20.7383, XX, 1952),
  site('creative', 'Punishtet e filigranit në Prizren', 'Punishte zejtare', 'Prizren', 'Qendra historike', 42.2092, 20.7408, OTTOMAN),
  site('creative', 'Muzeu Arkeologjik i Prizrenit', 'Muze', 'Prizren', 'Qendra historike', 42.2096, 20.7424, OTTOMAN),
  site('creative', 'Punishtet zejtare të Çarshisë së Madhe', 'Punishte zejtare', 'Gjakovë', 'Çarshia e Madhe', 42.3818, 20.4266, OTTOMAN),
  site('creative', 'Teatri i Qytetit, Gjilan', 'Teatër', 'Gjilan', 'Qendra', 42.4622, 21.4683, XX),
  site('creative', 'Muzeu Etnografik i Pejës', 'Muze', 'Pejë', 'Qendra', 42.6587, 20.2885, OTTOMAN),
];
