/**
 * Photo albums and videos of /gallery. Pictures are files under content/images/ (JPEG, PNG or
 * SVG), made responsive at build; every picture needs alt text that says what it shows.
 *
 * SAMPLE PICTURES: the illustrations below stand in for the school's own photographs, and the
 * videos' links are placeholders. Replace both before going live.
 */
export type GalleryPicture = { image: string; alt: string; caption: string };
export type Album = { id: string; title: string; date: string; description: string; pictures: GalleryPicture[] };
export type Video = {
  id: string;
  title: string;
  description: string;
  /** Watch page (YouTube). SAMPLE until the school publishes its own. */
  url: string;
  /** Picture under content/images/ used as the thumbnail. */
  thumbnail: string;
  thumbnailAlt: string;
  /** ISO date published. */
  uploadDate: string;
  /** ISO 8601 duration. */
  duration: string;
};

export const albums: Album[] = [
  {
    id: "annual-day",
    title: "Annual Day",
    date: "2025-12-20",
    description: "Dance, song and the prize-giving on the school stage.",
    pictures: [
      { image: "gallery/annual-day-dance.svg", alt: "Four girls in pink and orange costumes dancing on the school stage under spotlights, with the audience in front", caption: "A folk dance by Class 7 girls" },
      { image: "gallery/annual-day-choir.svg", alt: "The school choir in white uniforms singing in rows on stage", caption: "The school choir opens the evening" },
      { image: "gallery/annual-day-prize-giving.svg", alt: "A teacher presenting a gold trophy to a smiling student on stage", caption: "Prize-giving for the best house" },
    ],
  },
  {
    id: "sports-meet",
    title: "Annual Sports Meet",
    date: "2025-12-13",
    description: "March past, races and the yoga display on the school ground.",
    pictures: [
      { image: "gallery/sports-meet-relay.svg", alt: "Four students in red, blue, green and yellow house colours racing on the running track", caption: "The inter-house relay final" },
      { image: "gallery/sports-meet-march-past.svg", alt: "Rows of students in house colours marching past the flag on the school ground", caption: "The march past by all four houses" },
      { image: "gallery/sports-meet-yoga.svg", alt: "Students in white T-shirts doing yoga with arms raised on the grass in morning sunlight", caption: "The Middle School yoga display" },
    ],
  },
  {
    id: "science-exhibition",
    title: "Science Exhibition",
    date: "2025-11-14",
    description: "Working models built by Classes 6 to 8 over the term.",
    pictures: [
      { image: "gallery/science-exhibition-solar-pump.svg", alt: "Two students beside a model of a solar panel pumping water into a tank", caption: "A solar pump for a kitchen garden" },
      { image: "gallery/science-exhibition-railway-signal.svg", alt: "A model railway track with a toy train and a working red and green signal", caption: "How a railway signal knows the track is clear" },
      { image: "gallery/science-exhibition-microscope.svg", alt: "A laboratory bench with a microscope, a flask and test tubes, with two students standing by", caption: "Looking at pond water under the microscope" },
    ],
  },
  {
    id: "celebrations",
    title: "Festivals and celebrations",
    date: "2025-08-15",
    description: "Independence Day, Saraswati Puja and Rabindra Jayanti at school.",
    pictures: [
      { image: "gallery/independence-day-flag-hoisting.svg", alt: "Students standing in rows in front of the school building while the national flag flies", caption: "Independence Day flag hoisting" },
      { image: "gallery/saraswati-puja-alpana.svg", alt: "A large round alpana floor design in white, orange and yellow with small lamps at the corners", caption: "Alpana drawn by students for Saraswati Puja" },
      { image: "gallery/rabindra-jayanti.svg", alt: "Four girls in yellow and red saris performing beside a garlanded portrait", caption: "Rabindra Jayanti songs and recitation" },
    ],
  },
  {
    id: "campus",
    title: "Our campus",
    date: "2025-07-01",
    description: "Where our students learn, read and travel every day.",
    pictures: [
      { image: "gallery/campus-main-building.svg", alt: "The main school building with rows of windows, the national flag and trees on the front lawn", caption: "The main building at Sadatpur" },
      { image: "gallery/campus-library.svg", alt: "Two students reading at a table between tall, full bookshelves", caption: "The library" },
      { image: "gallery/campus-computer-lab.svg", alt: "Three students working at computers in the computer laboratory", caption: "One of the two computer labs" },
      { image: "gallery/campus-school-bus.svg", alt: "A yellow school bus parked between trees", caption: "A school bus ready for the afternoon routes" },
    ],
  },
];

export const videos: Video[] = [
  {
    id: "virtual-tour",
    title: "Virtual tour of the campus",
    description: "A six-minute walk through the classrooms, laboratories, library, playground and buses.",
    url: "https://www.youtube.com/watch?v=SAMPLE00001",
    thumbnail: "gallery/campus-main-building.svg",
    thumbnailAlt: "The main school building with the national flag and trees",
    uploadDate: "2026-06-15",
    duration: "PT6M30S",
  },
  {
    id: "annual-day-highlights",
    title: "Annual Day highlights",
    description: "Dances, the choir and the prize-giving from the Annual Day.",
    url: "https://www.youtube.com/watch?v=SAMPLE00002",
    thumbnail: "gallery/annual-day-dance.svg",
    thumbnailAlt: "Girls in colourful costumes dancing on the school stage",
    uploadDate: "2025-12-22",
    duration: "PT4M10S",
  },
];
