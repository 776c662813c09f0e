//! Element formatting: ints, floats (fixed, scientific, int mode, NaN/inf, signed zeros), scalars, empty tensors, bool, half types, dtype suffixes.
use super::*;

#[test]
fn int_basic() {
    check(
        &VecSrc::i(&[3], &[1, 2, 3]),
        &[],
        &PrintOptions::default(),
        "tensor([1, 2, 3])",
    );
}

#[test]
fn int_negative_alignment() {
    check(
        &VecSrc::i(&[4], &[-1, 10, -100, 5]),
        &[],
        &PrintOptions::default(),
        "tensor([  -1,   10, -100,    5])",
    );
}

#[test]
fn int32_dtype_suffix() {
    check(
        &VecSrc::i(&[3], &[1, 2, 3]),
        &["dtype=torch.int32"],
        &PrintOptions::default(),
        "tensor([1, 2, 3], dtype=torch.int32)",
    );
}

#[test]
fn uint8_values() {
    check(
        &VecSrc::i(&[3], &[0, 7, 255]),
        &["dtype=torch.uint8"],
        &PrintOptions::default(),
        "tensor([  0,   7, 255], dtype=torch.uint8)",
    );
}

#[test]
fn int64_extremes() {
    check(
        &VecSrc::i(&[3], &[i64::MIN, 0, 9223372036854775807]),
        &[],
        &PrintOptions::default(),
        "tensor([-9223372036854775808,                    0,  9223372036854775807])",
    );
}

#[test]
fn float_int_valued() {
    check(
        &VecSrc::f(&[3], &[1.0, 2.0, 3.0]),
        &[],
        &PrintOptions::default(),
        "tensor([1., 2., 3.])",
    );
}

#[test]
fn float_int_valued_negative() {
    check(
        &VecSrc::f(&[3], &[-1.0, 20.0, -300.0]),
        &[],
        &PrintOptions::default(),
        "tensor([  -1.,   20., -300.])",
    );
}

#[test]
fn float_fixed() {
    check(
        &VecSrc::f(&[2], &[0.12345000356435776, 100.0]),
        &[],
        &PrintOptions::default(),
        "tensor([  0.1235, 100.0000])",
    );
}

#[test]
fn float_fixed_negative() {
    check(
        &VecSrc::f(&[3], &[-1.5, 2.25, -3.125]),
        &[],
        &PrintOptions::default(),
        "tensor([-1.5000,  2.2500, -3.1250])",
    );
}

#[test]
fn float_float32_exact_conversion() {
    check(
        &VecSrc::f(
            &[3],
            &[
                0.10000000149011612,
                0.20000000298023224,
                0.30000001192092896,
            ],
        ),
        &[],
        &PrintOptions::default(),
        "tensor([0.1000, 0.2000, 0.3000])",
    );
}

#[test]
fn float_sci_small() {
    check(
        &VecSrc::f(&[2], &[9.999999747378752e-06, 1.0]),
        &[],
        &PrintOptions::default(),
        "tensor([1.0000e-05, 1.0000e+00])",
    );
}

#[test]
fn float_sci_ratio() {
    check(
        &VecSrc::f(&[2], &[0.5, 1000.5]),
        &[],
        &PrintOptions::default(),
        "tensor([5.0000e-01, 1.0005e+03])",
    );
}

#[test]
fn float_no_sci_ratio_1000() {
    check(
        &VecSrc::f(&[2], &[1.0, 1000.0]),
        &[],
        &PrintOptions::default(),
        "tensor([   1., 1000.])",
    );
}

#[test]
fn float_int_mode_sci_ratio() {
    check(
        &VecSrc::f(&[2], &[1.0, 1001.0]),
        &[],
        &PrintOptions::default(),
        "tensor([1.0000e+00, 1.0010e+03])",
    );
}

#[test]
fn float_sci_large() {
    check(
        &VecSrc::f(&[2], &[1500000000.0, -2.0]),
        &[],
        &PrintOptions::default(),
        "tensor([ 1.5000e+09, -2.0000e+00])",
    );
}

#[test]
fn float_sci_exponent_3_digits() {
    check(
        &VecSrc::f(&[2], &[1e-300, 1e+300]),
        &["dtype=torch.float64"],
        &PrintOptions::default(),
        "tensor([1.0000e-300, 1.0000e+300], dtype=torch.float64)",
    );
}

#[test]
fn float_nan_fixed() {
    check(
        &VecSrc::f(&[2], &[f64::NAN, 1.5]),
        &[],
        &PrintOptions::default(),
        "tensor([   nan, 1.5000])",
    );
}

#[test]
fn float_nan_inf_int_mode() {
    check(
        &VecSrc::f(&[3], &[f64::NAN, f64::INFINITY, 1.0]),
        &[],
        &PrintOptions::default(),
        "tensor([nan, inf, 1.])",
    );
}

#[test]
fn float_nan_neg_inf_sci() {
    check(
        &VecSrc::f(&[3], &[f64::NAN, -f64::INFINITY, 9.999999747378752e-06]),
        &[],
        &PrintOptions::default(),
        "tensor([       nan,       -inf, 1.0000e-05])",
    );
}

#[test]
fn float_all_nan() {
    check(
        &VecSrc::f(&[2], &[f64::NAN, f64::NAN]),
        &[],
        &PrintOptions::default(),
        "tensor([nan, nan])",
    );
}

#[test]
fn float_all_inf() {
    check(
        &VecSrc::f(&[2], &[f64::INFINITY, -f64::INFINITY]),
        &[],
        &PrintOptions::default(),
        "tensor([inf, -inf])",
    );
}

#[test]
fn float_nan_from_division() {
    check(
        &VecSrc::f(&[1], &[f64::NAN]),
        &[],
        &PrintOptions::default(),
        "tensor([nan])",
    );
}

#[test]
fn float_zeros_and_neg_zero() {
    check(
        &VecSrc::f(&[2], &[0.0, -0.0]),
        &[],
        &PrintOptions::default(),
        "tensor([0., -0.])",
    );
}

#[test]
fn float_neg_zero_fixed() {
    check(
        &VecSrc::f(&[2], &[-0.0, 1.5]),
        &[],
        &PrintOptions::default(),
        "tensor([-0.0000, 1.5000])",
    );
}

#[test]
fn float_neg_zero_sci() {
    check(
        &VecSrc::f(&[2], &[-0.0, 9.999999747378752e-06]),
        &[],
        &PrintOptions::default(),
        "tensor([-0.0000e+00, 1.0000e-05])",
    );
}

#[test]
fn scalar_float() {
    check(
        &VecSrc::f(&[], &[3.5]),
        &[],
        &PrintOptions::default(),
        "tensor(3.5000)",
    );
}

#[test]
fn scalar_int() {
    check(
        &VecSrc::i(&[], &[3]),
        &[],
        &PrintOptions::default(),
        "tensor(3)",
    );
}

#[test]
fn scalar_bool() {
    check(
        &VecSrc::b(&[], &[true]),
        &[],
        &PrintOptions::default(),
        "tensor(True)",
    );
}

#[test]
fn scalar_neg_zero() {
    check(
        &VecSrc::f(&[], &[-0.0]),
        &[],
        &PrintOptions::default(),
        "tensor(-0.)",
    );
}

#[test]
fn scalar_sci() {
    check(
        &VecSrc::f(&[], &[1.0000000116860974e-07]),
        &[],
        &PrintOptions::default(),
        "tensor(1.0000e-07)",
    );
}

#[test]
fn scalar_int32() {
    check(
        &VecSrc::i(&[], &[-7]),
        &["dtype=torch.int32"],
        &PrintOptions::default(),
        "tensor(-7, dtype=torch.int32)",
    );
}

#[test]
fn empty_1d() {
    check(
        &VecSrc::f(&[0], &[]),
        &[],
        &PrintOptions::default(),
        "tensor([])",
    );
}

#[test]
fn empty_0x3() {
    check(
        &VecSrc::f(&[0, 3], &[]),
        &[],
        &PrintOptions::default(),
        "tensor([], size=(0, 3))",
    );
}

#[test]
fn empty_int64() {
    check(
        &VecSrc::i(&[0], &[]),
        &["dtype=torch.int64"],
        &PrintOptions::default(),
        "tensor([], dtype=torch.int64)",
    );
}

#[test]
fn empty_3d_int32() {
    check(
        &VecSrc::i(&[2, 0, 4], &[]),
        &["dtype=torch.int32"],
        &PrintOptions::default(),
        "tensor([], size=(2, 0, 4), dtype=torch.int32)",
    );
}

#[test]
fn empty_bool_3x0() {
    check(
        &VecSrc::b(&[3, 0], &[]),
        &["dtype=torch.bool"],
        &PrintOptions::default(),
        "tensor([], size=(3, 0), dtype=torch.bool)",
    );
}

#[test]
fn no_summarize_1000() {
    check(
        &LazySrc::int(&[1000], |i| i as i64),
        &[],
        &PrintOptions::default(),
        "tensor([  0,   1,   2,   3,   4,   5,   6,   7,   8,   9,  10,  11,  12,  13,\n         14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,\n         28,  29,  30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,\n         42,  43,  44,  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,\n         56,  57,  58,  59,  60,  61,  62,  63,  64,  65,  66,  67,  68,  69,\n         70,  71,  72,  73,  74,  75,  76,  77,  78,  79,  80,  81,  82,  83,\n         84,  85,  86,  87,  88,  89,  90,  91,  92,  93,  94,  95,  96,  97,\n         98,  99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,\n        112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125,\n        126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139,\n        140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153,\n        154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167,\n        168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181,\n        182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195,\n        196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209,\n        210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223,\n        224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237,\n        238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251,\n        252, 253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265,\n        266, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279,\n        280, 281, 282, 283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293,\n        294, 295, 296, 297, 298, 299, 300, 301, 302, 303, 304, 305, 306, 307,\n        308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321,\n        322, 323, 324, 325, 326, 327, 328, 329, 330, 331, 332, 333, 334, 335,\n        336, 337, 338, 339, 340, 341, 342, 343, 344, 345, 346, 347, 348, 349,\n        350, 351, 352, 353, 354, 355, 356, 357, 358, 359, 360, 361, 362, 363,\n        364, 365, 366, 367, 368, 369, 370, 371, 372, 373, 374, 375, 376, 377,\n        378, 379, 380, 381, 382, 383, 384, 385, 386, 387, 388, 389, 390, 391,\n        392, 393, 394, 395, 396, 397, 398, 399, 400, 401, 402, 403, 404, 405,\n        406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 419,\n        420, 421, 422, 423, 424, 425, 426, 427, 428, 429, 430, 431, 432, 433,\n        434, 435, 436, 437, 438, 439, 440, 441, 442, 443, 444, 445, 446, 447,\n        448, 449, 450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 461,\n        462, 463, 464, 465, 466, 467, 468, 469, 470, 471, 472, 473, 474, 475,\n        476, 477, 478, 479, 480, 481, 482, 483, 484, 485, 486, 487, 488, 489,\n        490, 491, 492, 493, 494, 495, 496, 497, 498, 499, 500, 501, 502, 503,\n        504, 505, 506, 507, 508, 509, 510, 511, 512, 513, 514, 515, 516, 517,\n        518, 519, 520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530, 531,\n        532, 533, 534, 535, 536, 537, 538, 539, 540, 541, 542, 543, 544, 545,\n        546, 547, 548, 549, 550, 551, 552, 553, 554, 555, 556, 557, 558, 559,\n        560, 561, 562, 563, 564, 565, 566, 567, 568, 569, 570, 571, 572, 573,\n        574, 575, 576, 577, 578, 579, 580, 581, 582, 583, 584, 585, 586, 587,\n        588, 589, 590, 591, 592, 593, 594, 595, 596, 597, 598, 599, 600, 601,\n        602, 603, 604, 605, 606, 607, 608, 609, 610, 611, 612, 613, 614, 615,\n        616, 617, 618, 619, 620, 621, 622, 623, 624, 625, 626, 627, 628, 629,\n        630, 631, 632, 633, 634, 635, 636, 637, 638, 639, 640, 641, 642, 643,\n        644, 645, 646, 647, 648, 649, 650, 651, 652, 653, 654, 655, 656, 657,\n        658, 659, 660, 661, 662, 663, 664, 665, 666, 667, 668, 669, 670, 671,\n        672, 673, 674, 675, 676, 677, 678, 679, 680, 681, 682, 683, 684, 685,\n        686, 687, 688, 689, 690, 691, 692, 693, 694, 695, 696, 697, 698, 699,\n        700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710, 711, 712, 713,\n        714, 715, 716, 717, 718, 719, 720, 721, 722, 723, 724, 725, 726, 727,\n        728, 729, 730, 731, 732, 733, 734, 735, 736, 737, 738, 739, 740, 741,\n        742, 743, 744, 745, 746, 747, 748, 749, 750, 751, 752, 753, 754, 755,\n        756, 757, 758, 759, 760, 761, 762, 763, 764, 765, 766, 767, 768, 769,\n        770, 771, 772, 773, 774, 775, 776, 777, 778, 779, 780, 781, 782, 783,\n        784, 785, 786, 787, 788, 789, 790, 791, 792, 793, 794, 795, 796, 797,\n        798, 799, 800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810, 811,\n        812, 813, 814, 815, 816, 817, 818, 819, 820, 821, 822, 823, 824, 825,\n        826, 827, 828, 829, 830, 831, 832, 833, 834, 835, 836, 837, 838, 839,\n        840, 841, 842, 843, 844, 845, 846, 847, 848, 849, 850, 851, 852, 853,\n        854, 855, 856, 857, 858, 859, 860, 861, 862, 863, 864, 865, 866, 867,\n        868, 869, 870, 871, 872, 873, 874, 875, 876, 877, 878, 879, 880, 881,\n        882, 883, 884, 885, 886, 887, 888, 889, 890, 891, 892, 893, 894, 895,\n        896, 897, 898, 899, 900, 901, 902, 903, 904, 905, 906, 907, 908, 909,\n        910, 911, 912, 913, 914, 915, 916, 917, 918, 919, 920, 921, 922, 923,\n        924, 925, 926, 927, 928, 929, 930, 931, 932, 933, 934, 935, 936, 937,\n        938, 939, 940, 941, 942, 943, 944, 945, 946, 947, 948, 949, 950, 951,\n        952, 953, 954, 955, 956, 957, 958, 959, 960, 961, 962, 963, 964, 965,\n        966, 967, 968, 969, 970, 971, 972, 973, 974, 975, 976, 977, 978, 979,\n        980, 981, 982, 983, 984, 985, 986, 987, 988, 989, 990, 991, 992, 993,\n        994, 995, 996, 997, 998, 999])",
    );
}

#[test]
fn bool_1d() {
    check(
        &VecSrc::b(&[3], &[true, false, true]),
        &[],
        &PrintOptions::default(),
        "tensor([ True, False,  True])",
    );
}

#[test]
fn bool_2d() {
    check(
        &VecSrc::b(&[2, 1], &[true, false]),
        &[],
        &PrintOptions::default(),
        "tensor([[ True],\n        [False]])",
    );
}

#[test]
fn float16_values() {
    check(
        &VecSrc::f(&[3], &[0.0999755859375, 65504.0, -2.5]),
        &["dtype=torch.float16"],
        &PrintOptions::default(),
        "tensor([ 9.9976e-02,  6.5504e+04, -2.5000e+00], dtype=torch.float16)",
    );
}

#[test]
fn bfloat16_values() {
    check(
        &VecSrc::f(&[3], &[0.10009765625, 3.0, 0.00099945068359375]),
        &["dtype=torch.bfloat16"],
        &PrintOptions::default(),
        "tensor([1.0010e-01, 3.0000e+00, 9.9945e-04], dtype=torch.bfloat16)",
    );
}

#[test]
fn float64_dtype_suffix() {
    check(
        &VecSrc::f(&[2], &[1.0, 2.5]),
        &["dtype=torch.float64"],
        &PrintOptions::default(),
        "tensor([1.0000, 2.5000], dtype=torch.float64)",
    );
}
