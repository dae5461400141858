/** The six categories the product documents (spec, public side §1), named and described in three languages. */
export type DatasetKey = 'monuments' | 'archaeology' | 'events' | 'landscapes' | 'publicSpaces' | 'creative';

export type DemoDataset = {
  key: DatasetKey;
  /** The Albanian name. */
  name: string;
  nameEn: string;
  nameSr: string;
  pillColor: string;
  descriptionXk: string;
  descriptionEn: string;
  descriptionSr: string;
};

export const DEMO_DATASETS: readonly DemoDataset[] = [
  {
    key: 'monuments',
    name: 'Monumente',
    nameEn: 'Monuments',
    nameSr: 'Spomenici',
    pillColor: '#8B4513',
    descriptionXk:
      'Monumente të arkitekturës: kulla, shtëpi tradicionale, xhami, kisha, manastire, hamame, ura, mullinj dhe kulla sahati, të dokumentuara në terren me gjendjen, materialet dhe statusin e mbrojtjes.',
    descriptionEn:
      'Architectural monuments: stone towers (kulla), traditional houses, mosques, churches, monasteries, hammams, bridges, mills and clock towers, documented in the field with their condition, materials and protection status.',
    descriptionSr:
      'Arhitektonski spomenici: kule, tradicionalne kuće, džamije, crkve, manastiri, hamami, mostovi, vodenice i sahat-kule, dokumentovani na terenu sa stanjem, materijalima i statusom zaštite.',
  },
  {
    key: 'archaeology',
    name: 'Site arkeologjike',
    nameEn: 'Archaeological sites',
    nameSr: 'Arheološka nalazišta',
    pillColor: '#B5651D',
    descriptionXk:
      'Vendbanime parahistorike dhe antike, kala, nekropole dhe stacione rrugore romake, nga neoliti deri në mesjetë, me rrezikun ndaj ndërtimeve, erozionit dhe gërmimeve të paligjshme.',
    descriptionEn:
      'Prehistoric and ancient settlements, fortresses, necropolises and Roman road stations, from the Neolithic to the Middle Ages, with their exposure to construction, erosion and illegal digging.',
    descriptionSr:
      'Praistorijska i antička naselja, tvrđave, nekropole i rimske putne stanice, od neolita do srednjeg veka, sa izloženošću gradnji, eroziji i nelegalnim iskopavanjima.',
  },
  {
    key: 'events',
    name: 'Ngjarje kulturore',
    nameEn: 'Cultural events',
    nameSr: 'Kulturni događaji',
    pillColor: '#C0392B',
    descriptionXk:
      'Festivale, manifestime dhe tradita të gjalla që mbajnë gjallë jetën kulturore të qyteteve dhe fshatrave të Kosovës: film, muzikë, teatër, poezi dhe festa vendore.',
    descriptionEn:
      "Festivals, gatherings and living traditions that keep the cultural life of Kosovo's towns and villages alive: film, music, theatre, poetry and local celebrations.",
    descriptionSr:
      'Festivali, manifestacije i žive tradicije koje održavaju kulturni život gradova i sela Kosova: film, muzika, pozorište, poezija i lokalne proslave.',
  },
  {
    key: 'landscapes',
    name: 'Peizazhe',
    nameEn: 'Landscapes',
    nameSr: 'Pejzaži',
    pillColor: '#2E7D32',
    descriptionXk:
      'Peizazhe kulturore dhe natyrore: gryka, ujëvara, shpella, liqene dhe bjeshkë, ku natyra dhe përdorimi tradicional i tokës formojnë një trashëgimi të përbashkët.',
    descriptionEn:
      'Cultural and natural landscapes: gorges, waterfalls, caves, lakes and high pastures, where nature and traditional land use form a shared heritage.',
    descriptionSr:
      'Kulturni i prirodni predeli: klisure, vodopadi, pećine, jezera i planinski pašnjaci, gde priroda i tradicionalno korišćenje zemlje čine zajedničko nasleđe.',
  },
  {
    key: 'publicSpaces',
    name: 'Hapësira publike',
    nameEn: 'Public spaces',
    nameSr: 'Javni prostori',
    pillColor: '#1F6FB2',
    descriptionXk:
      'Sheshe, çarshi, parqe dhe rrugë historike: hapësirat ku takohet qyteti, me vlerat e tyre urbane, përdorimin e sotëm dhe qasjen për të gjithë.',
    descriptionEn:
      'Squares, bazaars, parks and historic streets: the places where a town meets, with their urban values, present-day use and accessibility for everyone.',
    descriptionSr:
      'Trgovi, čaršije, parkovi i istorijske ulice: mesta gde se grad okuplja, sa svojim urbanim vrednostima, današnjom upotrebom i pristupačnošću za sve.',
  },
  {
    key: 'creative',
    name: 'Industri kreative',
    nameEn: 'Creative industries',
    nameSr: 'Kreativne industrije',
    pillColor: '#7B3FA0',
    descriptionXk:
      'Muze, galeri, kinema, teatro dhe punishte zejtare si filigrani, qëndisja dhe punimi i drurit, që e bartin trashëgiminë në ekonominë e sotme kreative.',
    descriptionEn:
      "Museums, galleries, cinemas, theatres and craft workshops such as filigree, embroidery and woodcarving, which carry heritage into today's creative economy.",
    descriptionSr:
      'Muzeji, galerije, bioskopi, pozorišta i zanatske radionice poput filigrana, veza i duboreza, koji prenose nasleđe u današnju kreativnu ekonomiju.',
  },
];
